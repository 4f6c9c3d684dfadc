"""What every stage uses and that knows nothing of books: cheap record classes
(records), the one comparison of two spellings of a name (fold), every size limit
(limits), text made safe for a terminal or a log (safe_text), the command line's
guarded standard streams (safe_io) and the C heap told to reuse large blocks (heap).  In: nothing of the engine but each other.
"""

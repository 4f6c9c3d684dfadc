"""Author and maintainer tools: generators (docs, schema, books) and benchmarks."""

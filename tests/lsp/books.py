"""Small books the server tests open (original text)."""

DF = """\
gamebook: 1
title: La Tour
language: fr
rules: defis-fantastiques
start: 1
hero: {equipment: [epee]}
items:
  epee: {name: Épée}
  cle: {name: Clé de fer}
paragraphs:
  1:
    text: Une porte close vous fait face, et un escalier descend.
    effects: [{gain: cle}]
    choices:
      - {text: Ouvrir la porte, to: 2, if: 'has("cle")'}
      - {text: Descendre, to: here + 2}
  2:
    text: |
      Un garde vous barre la route.
      Il tire son épée.
    combat:
      enemies: [{name: Garde, habilete: 6, endurance: 6}]
      win: 3
  3:
    text: La sortie, enfin.
    effects: [{flag: sorti}]
    choices:
      - {text: Partir, to: 4, if: 'flag("sorti")'}
  4: {text: Victoire !, end: victory}
"""

#!/bin/sh
# Draws docs/pictures/ again: the start of every game of games/ and the layout
# examples of docs/language.md as SVG (through the test that checks they are
# current, tests/svg.rs), then PNG copies of a few for viewers without SVG,
# with rsvg-convert (Debian: apt-get install librsvg2-bin).
set -e
cd "$(dirname "$0")/../.."
TESSERA_WRITE_PICTURES=1 cargo test --quiet --test svg the_pictures_of_docs_are_current
for name in chess central-squares cycle-chess power-chess-98 shogi; do
    rsvg-convert --zoom 1.5 "docs/pictures/$name.svg" -o "docs/pictures/$name.png"
done

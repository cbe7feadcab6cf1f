#!/bin/sh
# Build the book (Jupyter Book 1) into _build/html, executing every lesson.
# Warnings are errors and a failing cell fails the build:
#     sh tools/build_book.sh           # incremental Sphinx build, lessons re-executed
#     sh tools/build_book.sh --all     # a clean build from scratch
set -eu
cd "$(dirname "$0")/.."
JB=${JUPYTER_BOOK:-.venv/bin/jupyter-book}
if [ "${1:-}" = "--all" ]; then
    rm -rf _build/html _build/.doctrees _build/jupyter_execute
fi
exec "$JB" build -W -n --keep-going .

#!/bin/sh
# maca's two entry points (see README.md):
#   sh run.sh        install everything into .venv, then run the main job
#   sh run.sh test   install everything into .venv, then run the whole test suite
set -eu
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
if [ ! -f .venv/.installed ] || [ requirements.txt -nt .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
    .venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
    .venv/bin/pip install --quiet --disable-pip-version-check -e .
    touch .venv/.installed
fi
case "${1:-main}" in
    test)
        shift
        exec .venv/bin/python -m pytest -n 2 "$@"
        ;;
    main)
        exec .venv/bin/python -m maca
        ;;
    *)
        echo "usage: sh run.sh [test]" >&2
        exit 2
        ;;
esac

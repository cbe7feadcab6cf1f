#!/bin/sh
# maca's two entry points (see README.md):
#   sh run.sh        install everything, build the whole site (book + live lessons), serve it
#   sh run.sh test   install everything, build the site, then run the whole test suite
#                    (with no network but loopback where the machine allows it)
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
        # The live site's build downloads its runtime (npm, PyPI) once; after that the tests
        # need nothing but this machine, which the network namespace proves.
        .venv/bin/python -m maca site --no-serve
        # The suite runs twice: on the pure-Python package (what the browser runs), then on a
        # copy whose simulation module is compiled with mypyc (see setup.py). The tests that
        # drive the built site in a browser (marked "site") run only the first time: the
        # browser runs the pure package whatever the copy.
        rm -rf build
        MACA_COMPILE=1 .venv/bin/pip install --quiet --disable-pip-version-check \
            --no-build-isolation --no-deps --target build/compiled .
        suite='.venv/bin/python -m pytest -n 2 "$@" &&
               MACA_BUILD=compiled PYTHONPATH=build/compiled .venv/bin/pytest -n 2 -m "not site" "${@:-tests}"'
        if unshare -n true 2>/dev/null && command -v ip >/dev/null; then
            exec unshare -n bash -c "ip link set lo up && $suite" run.sh "$@"
        fi
        exec bash -c "$suite" run.sh "$@"
        ;;
    main)
        exec .venv/bin/python -m maca site
        ;;
    *)
        echo "usage: sh run.sh [test]" >&2
        exit 2
        ;;
esac

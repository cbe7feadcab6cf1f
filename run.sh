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
        if unshare -n true 2>/dev/null && command -v ip >/dev/null; then
            exec unshare -n sh -c 'ip link set lo up && exec "$0" "$@"' \
                .venv/bin/python -m pytest -n 2 "$@"
        fi
        exec .venv/bin/python -m pytest -n 2 "$@"
        ;;
    main)
        exec .venv/bin/python -m maca site
        ;;
    *)
        echo "usage: sh run.sh [test]" >&2
        exit 2
        ;;
esac

#!/bin/sh
# make check-deb: builds the Debian package from a copy of the source tree (dpkg-buildpackage
# -us -uc -b, so the checkout and its build folders are left alone; -Jauto: a compiler per core), has lintian check it (no
# errors allowed), then installs it, checks what it installed and that it runs, and removes it.
# Needs root (dpkg -i) and scripts/setup's debhelper, dpkg-dev and lintian.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" = 0 ] || { echo "check-deb: needs root (dpkg -i)"; exit 1; }
if dpkg-query -W -f '${Status}' iobench 2>/dev/null | grep -q installed; then
	echo "check-deb: a package iobench is installed already; remove it first"; exit 1
fi
w=$(mktemp -d /tmp/iobench-deb.XXXXXX)
trap 'dpkg -r iobench >/dev/null 2>&1 || true; rm -rf "$w"' EXIT
mkdir "$w/iobench"
# the tree as git would check it out, without build output (a copy with git, where there is one)
(cd "$src" && tar --exclude='./build*' --exclude=./iobench --exclude=./.git -cf - .) |
	(cd "$w/iobench" && tar -xf -)
(cd "$w/iobench" && dpkg-buildpackage -us -uc -b -Jauto) >"$w/build.log" 2>&1 ||
	{ tail -40 "$w/build.log"; echo "check-deb: dpkg-buildpackage failed"; exit 1; }
ver=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
deb=$w/iobench_${ver}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || { ls "$w"; echo "check-deb: no $deb"; exit 1; }
echo "check-deb: built $(basename "$deb")"
lintian --fail-on error --tag-display-limit 0 "$deb" >"$w/lintian.log" 2>&1 ||
	{ cat "$w/lintian.log"; echo "check-deb: lintian reports errors"; exit 1; }
echo "check-deb: lintian: $(grep -c '^E:' "$w/lintian.log" || true) errors, $(grep -c '^W:' "$w/lintian.log" || true) warnings"
sed 's/^/  /' "$w/lintian.log"
# (Debian compresses what is larger than 4 KiB in /usr/share/doc: docs/cli.md is cli.md.gz)
for f in ./usr/bin/iobench ./usr/share/man/man1/iobench.1.gz ./usr/share/bash-completion/completions/iobench \
	./usr/share/zsh/vendor-completions/_iobench \
	./usr/share/doc/iobench/copyright ./usr/share/doc/iobench/docs/cli.md ./usr/share/doc/iobench/examples/rand-read-4k.fio; do
	dpkg -c "$deb" | awk '{ print $6 }' | grep -qxE "$f(\.gz)?" || { echo "check-deb: the package lacks $f"; exit 1; }
done
dpkg -i "$deb" >"$w/install.log" 2>&1 || { cat "$w/install.log"; echo "check-deb: dpkg -i failed"; exit 1; }
/usr/bin/iobench --version | grep -q "^iobench ${ver%%-*}" || { echo "check-deb: the installed program's version"; exit 1; }
/usr/bin/iobench --help | grep -q "/usr/share/doc/iobench once installed" ||
	{ echo "check-deb: the help does not name /usr/share/doc/iobench"; exit 1; }
MANWIDTH=80 man iobench 2>/dev/null | grep -q "^NAME" || { echo "check-deb: man iobench shows no page"; exit 1; }
(cd "$w" && /usr/bin/iobench --quiet --engine=null -b4K -d0.2 -W0 -Rjson x >run.json) &&
	grep -q '"schema": *"iobench/result"' "$w/run.json" || { echo "check-deb: the installed program does not run"; exit 1; }
# the features the build dependencies bring: the HTML report (Dygraphs) and MPI (OpenMPI)
/usr/bin/iobench --version >"$w/version"
grep -q "^html report: built in" "$w/version" && grep -q "^mpi: Open MPI" "$w/version" ||
	{ cat "$w/version"; echo "check-deb: the package lacks the HTML report or MPI"; exit 1; }
dpkg -r iobench >/dev/null 2>&1 || { echo "check-deb: dpkg -r failed"; exit 1; }
[ ! -e /usr/bin/iobench ] && [ ! -e /usr/share/man/man1/iobench.1.gz ] ||
	{ echo "check-deb: dpkg -r left files"; exit 1; }
echo "check-deb: installed, ran, removed"

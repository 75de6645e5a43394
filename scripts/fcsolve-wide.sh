#!/bin/sh
# Builds Freecell Solver 5.0.0 (the version of Debian's
# freecell-solver-bin) from Debian's own source tarball with room for 20
# stacks, so that Fan (18 stacks) and Baker's Dozen (13) can be compared:
# Debian's build stops at 10 ("The stacks' number exceeds the maximal
# number of stacks"). Nothing else differs from Debian's build: the same
# source, its default presets.
#
#   scripts/fcsolve-wide.sh [DIR]
#
# DIR (default $HOME/.cache/patience/fc-solve-wide) receives the build;
# the script prints the path of its fc-solve, for
#
#   FCSOLVE=$(scripts/fcsolve-wide.sh) GAME=fan scripts/freecell-vs-fcsolve.sh 1 1000
#
# It needs cmake, gperf, libpath-tiny-perl, libtemplate-perl and
# python3-six (Debian's build dependencies), and curl; the tarball is
# checked against the SHA-256 of Debian's freecell-solver_5.0.0-2.dsc.
set -eu
dir=${1:-$HOME/.cache/patience/fc-solve-wide}
tarball=freecell-solver_5.0.0.orig.tar.xz
sum=696717df7e4fab2d5a038b26cc23e2259f7b68a101bc8a4855dffa2841699dfd
if [ -x "$dir/build/fc-solve" ]; then
	echo "$dir/build/fc-solve"
	exit 0
fi
mkdir -p "$dir"
cd "$dir"
[ -f "$tarball" ] || curl -fsSLO "http://deb.debian.org/debian/pool/main/f/freecell-solver/$tarball" >&2
echo "$sum  $tarball" | sha256sum -c --quiet - >&2
tar xf "$tarball"
mkdir -p build
cd build
cmake -DMAX_NUM_STACKS=20 -DFCS_WITH_TEST_SUITE=OFF -DCMAKE_BUILD_TYPE=release ../freecell-solver-5.0.0 >cmake.log 2>&1 ||
	{ tail -20 cmake.log >&2; exit 1; }
make fc-solve >make.log 2>&1 || { tail -20 make.log >&2; exit 1; }
echo "$dir/build/fc-solve"

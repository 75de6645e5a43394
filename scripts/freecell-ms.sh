#!/bin/sh
# Windows FreeCell's deals ms1-ms32000, decided by our solver and by
# Freecell Solver (Debian package freecell-solver-bin), compared deal by
# deal.
#
#   [GAME=freecell] scripts/freecell-ms.sh [FIRST LAST]        (default 1 32000)
#
# GAME may also be bakers-game, dealt as FreeCell. Ours: patience survey
# GAME over the range (SURVEY, default content/odds/GAME.survey.jsonl;
# it resumes, so deals already there are not solved again, and it is
# not run when the file has them all), at the survey's default budget
# (16,000,000 positions and 10 s a deal). Plain deal N is Windows deal msN for N
# below 32000 (PySolFC's Microsoft generator); ms32000 is solved on its
# own (patience solve freecell --deal ms32000).
#
# fc-solve: freecell-solver-range-parallel-solve, which deals the
# Windows boards itself (the same as ours: engine's
# TestFreeCellMicrosoftDeals) and solves them one after the other in one
# process, in two configurations: its default (meta-moves), bounded by
# FCITERS states checked a deal (default 100,000: unbounded, a few deals
# take minutes, ms194 five), and its preset looking-glass (-l lg). A deal
# it reports unsolved is checked with the atomic-moves preset
# crooked-nose, whose verdict is accurate.
#
# Times: ours are the survey's (the search of each deal, in process:
# search_ms, the time to the verdict without shortening the win, where
# the survey's solver records it, solver 26 on; else ms, the whole solve);
# fc-solve's are the gaps between the range solver's time stamps (the
# deal's board made and solved, in process). /usr/bin/time gives each
# whole run's CPU time.
set -eu
first=${1:-1} last=${2:-32000}
game=${GAME:-freecell}
preset=$(echo "$game" | tr - _)
survey=${SURVEY:-content/odds/$game.survey.jsonl} fciters=${FCITERS:-100000}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
. "$(dirname "$0")/patience-binary.sh"
plain=$last
[ "$plain" -le 31999 ] || plain=31999
have=$(jq -r --argjson a "$first" --argjson b "$plain" 'select(.deal != null and .deal >= $a and .deal <= $b) | .deal' "$survey" | sort -u | wc -l)
if [ "$have" -lt $((plain - first + 1)) ]; then
	/usr/bin/time -f "# ours: %U s user, %S s system, %e s wall" \
		"$bin/patience" survey "$game" --deals "$first-$plain" --json "$survey" >&2
fi
# One line a deal: N VERDICT MS.
jq -r --argjson a "$first" --argjson b "$plain" 'select(.deal != null and .deal >= $a and .deal <= $b) | "\(.deal) \(.result) \(.search_ms // .ms)"' "$survey" |
	sort -k1,1 -u >"$bin/ours.unsorted"
if [ "$last" -ge 32000 ]; then
	"$bin/patience" solve "$game" --deal ms32000 2>&1 | sed -n \
		-e 's/.*: won in [0-9]* moves ([0-9]* positions, \([0-9.]*\)\([mµ]*s\)).*/32000 won \1\2/p' \
		-e 's/.* is lost: .* positions, \([0-9.]*\)\([mµ]*s\)).*/32000 lost \1\2/p' \
		-e 's/.* is undecided: .* positions, \([0-9.]*\)\([mµ]*s\).*/32000 unknown \1\2/p' |
		awk '{t = $3; printf "%s %s %s\n", $1, $2, (t ~ /µs$/) ? t / 1000 : (t ~ /ms$/) ? t + 0 : t * 1000}' >>"$bin/ours.unsorted"
fi
# join(1) wants its files sorted as text.
sort -k1,1 "$bin/ours.unsorted" >"$bin/ours"
# fcsolve NAME OPTIONS...: one line a deal, N VERDICT MS, in $bin/NAME.
# The range solver's own options come first, fc-solve's after.
fcsolve() {
	name=$1
	shift
	/usr/bin/time -f "# fc-solve $name: %U s user, %S s system, %e s wall" \
		freecell-solver-range-parallel-solve "$first" "$last" 1 "$@" >"$bin/$name.out"
	awk '/^Started at/ {t = $3}
	     /^Unsolved Board No/ {v[$4] = "lost"}
	     /^Intractable Board No/ {v[$4] = "unknown"}
	     /^Reached Board No/ {n = $4; printf "%d %s %.3f\n", n, (n in v) ? v[n] : "won", ($6 - t) * 1000; t = $6}' \
		"$bin/$name.out" | sort -k1,1 >"$bin/$name"
	# A loss the meta-moves scan reports is checked with atomic moves.
	awk '$2 == "lost" {print $1}' "$bin/$name" | while read -r n; do
		v=$(make-microsoft-freecell-board -t "$n" | fc-solve --game "$preset" -l crooked-nose -sel --max-iters "$fciters" 2>&1 |
			awk '/This game is solveable/ {v = "won"} /I could not solve/ && v == "" {v = "lost"}
			     /Iterations count exceeded/ {v = "unknown"} END {print v}')
		echo "# fc-solve $name: ms$n unsolved; crooked-nose (atomic moves): $v" >&2
		[ "$v" = lost ] || sed -i "s/^$n lost /$n $v /" "$bin/$name"
	done
}
fcsolve default --total-iterations-limit "$fciters" --game "$preset"
fcsolve looking-glass --game "$preset" -l lg
# stats FILE COLUMN: the median and 99th percentile of a column.
stats() {
	awk -v c="$2" '{print $c}' "$1" | sort -g | awk '{a[NR] = $1}
		END {i = int(NR * 0.99); if (i < NR * 0.99) i++
		     printf "median %.3f ms, p99 %.1f ms", NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2, a[i]}'
}
for name in default looking-glass; do
	join "$bin/ours" "$bin/$name" >"$bin/both"
	awk -v name="$name" '
	{
		n++
		if ($2 != "unknown") od++
		if ($4 != "unknown") fd++
		# Deals are named while there are few of them.
		if ($2 == "lost" && ++nol <= 20) ol = ol " ms" $1
		if ($4 == "lost" && ++nfl <= 20) fl = fl " ms" $1
		if ($4 == "unknown" && ++nfu <= 20) fu = fu " ms" $1
		if ($2 == "unknown" && ++nou <= 20) ou = ou " ms" $1
		if ($2 != "unknown" && $4 != "unknown" && $2 != $4) dis = dis " ms" $1
	}
	END {
		printf "# fc-solve %s against ours, %d deals: ours decided %d (lost %d:%s; unknown %d:%s), fc-solve %d (lost %d:%s; unknown %d:%s)\n", name, n, od, nol, nol <= 20 ? ol : " ...", nou, nou <= 20 ? ou : " ...", fd, nfl, nfl <= 20 ? fl : " ...", nfu, nfu <= 20 ? fu : " ..."
		printf "# disagreements:%s\n", dis == "" ? " none" : dis
	}' "$bin/both"
	echo "# a deal: ours $(stats "$bin/both" 3); fc-solve $name $(stats "$bin/both" 5)"
done

#!/bin/sh
# Compares our solver with Freecell Solver (Debian package
# freecell-solver-bin) on deals of the FreeCell family, deal by deal and
# side by side: the verdicts, and the time each takes.
#
#   [GAME=freecell] [SURVEY=FILE] scripts/freecell-vs-fcsolve.sh FIRST LAST [BUDGET] [TIMEOUT]
#
# GAME is one of freecell, bakers-game, eight-off, seahaven-towers,
# beleaguered-castle, streets-and-alleys, fan, bakers-dozen (fc-solve's
# presets of the same names, with underscores). Deals are Windows
# numbers, msFIRST to msLAST; below 32000 deal msN is deal N of every one
# of these games (PySolFC uses the Microsoft generator for plain numbers
# below 32000). The board fc-solve reads is our own deal (patience
# deal), its cells on a "Freecells:" line, the cards dealt to the
# foundations (the Beleaguered Castle's Aces) on a "Foundations:" line;
# FreeCell's deals equal fc-solve's make-microsoft-freecell-board
# (engine's TestFreeCellMicrosoftDeals). BUDGET and TIMEOUT are our
# solver's (default 16,000,000 positions and 10 s, the surveys').
#
# fc-solve's search alone is timed in process by scripts/fcsolve-time.c,
# which the script compiles against Freecell Solver's library (Debian
# package libfreecell-solver-dev; cc): every board in one process, one
# solver instance configured as the fc-solve run below and recycled
# after each board, as fc-solve's range solver does for FreeCell; the
# time of the library call that reads and solves the board, nothing
# else. FCLIB=DIR links the library built in DIR instead, with the
# headers where scripts/fcsolve-wide.sh puts them (default: the
# directory of FCSOLVE when it holds libfreecell-solver.so, as
# scripts/fcsolve-wide.sh's build does). Each deal is also timed by
# hyperfine (one run of each program, one after the other): the whole
# process, start to exit, for both. Our search alone is the time our
# solver prints. With SURVEY=FILE (a survey of GAME,
# content/odds/GAME.survey.jsonl) our verdicts, positions and search
# times are read from FILE instead (search_ms, the time to the verdict
# without shortening the win, where the survey's solver records it:
# solver 26 on; else ms, the whole solve), and no process is timed:
# fc-solve's search alone against ours.
#
# fc-solve runs in the preset's default configuration, bounded by
# FCITERS states checked (--max-iters, default 3,000,000; its verdict is
# then "unknown", as it is when FCTIMEOUT seconds, default 60, stop it).
# fc-solve's verdict and states are those of the in-process search; the
# timed process must report the same, or a line "# fc-solve process
# differs" says so. A loss it reports is checked again with its
# atomic-moves preset crooked-nose, whose verdict is accurate (the
# default meta-moves scan may miss a win: Baker's Game ms276, ms278); the
# times reported are the default configuration's. Both programs are
# refused more than MEMORY kilobytes of address space (ulimit -v,
# default 8 GB; on some Streets and Alleys deals fc-solve grows past 6 GB
# in a minute); an in-process search stopped by the time or the memory
# counts as unknown, its time as FCTIMEOUT, and the next board goes on
# in a new process. The timed fc-solve process runs under timeout(1),
# whose start adds about a millisecond to its time. Debian's fc-solve is
# built for at most 10 stacks: it refuses Fan (18) and Baker's Dozen
# (13), whose lines say "refused". FCSOLVE names another fc-solve:
# scripts/fcsolve-wide.sh builds Debian's source with room for 20
# stacks.
#
# One line a deal, then a summary (lines starting with "#"); a dash
# where a figure is missing:
#   msN fc-solve VERDICT STATES SEARCH_MS PROCESS_MS [atomic VERDICT STATES] | ours VERDICT POSITIONS SEARCH_MS PROCESS_MS
set -eu
first=$1 last=$2 budget=${3:-16000000} timeout=${4:-10s}
game=${GAME:-freecell}
preset=$(echo "$game" | tr - _)
fctimeout=${FCTIMEOUT:-60} fciters=${FCITERS:-3000000} survey=${SURVEY:-}
fctimeout=${fctimeout%s}
case $fctimeout in
'' | *[!0-9]*) echo "freecell-vs-fcsolve.sh: FCTIMEOUT is whole seconds, not $fctimeout" >&2; exit 2 ;;
esac
fcsolvebin=${FCSOLVE:-fc-solve}
ulimit -v "${MEMORY:-8000000}"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
# fcsolve-time, against Debian's library or the one in FCLIB.
fclib=${FCLIB:-}
if [ -z "$fclib" ] && [ -n "${FCSOLVE:-}" ] && [ -e "$(dirname "$FCSOLVE")/libfreecell-solver.so" ]; then
	fclib=$(dirname "$FCSOLVE")
fi
if [ -n "$fclib" ]; then
	fclib=$(cd "$fclib" 2>/dev/null && pwd) || fclib=$FCLIB
	set -- -I"$fclib/include" -I"$fclib/../freecell-solver-5.0.0/include" -L"$fclib" -Wl,-rpath,"$fclib"
	header=$fclib/../freecell-solver-5.0.0/include/freecell-solver/fcs_user.h
else
	set --
	header=/usr/include/freecell-solver/fcs_user.h
fi
if [ ! -f "$header" ] || ! cc -O2 -o "$bin/fcsolve-time" "$(dirname "$0")/fcsolve-time.c" "$@" -lfreecell-solver; then
	echo "freecell-vs-fcsolve.sh: cannot build scripts/fcsolve-time.c against Freecell Solver's library (no $header?): apt-get install libfreecell-solver-dev, or FCLIB=the build directory of scripts/fcsolve-wide.sh" >&2
	exit 1
fi
. "$(dirname "$0")/patience-binary.sh"
# verdict reads fc-solve's output: "won STATES", "lost STATES",
# "refused -" or "unknown STATES" (stopped: "Iterations count exceeded"
# comes with "I could not solve" in the same output; STATES is "-" when
# the timeout stopped it).
verdict() {
	awk '/This game is solveable/ {v="won"} /I could not solve/ && v == "" {v="lost"}
	     /Iterations count exceeded/ {v="stopped"}
	     /exceeds the maximal number of stacks/ {v="refused"}
	     /Total number of states checked/ {s=$NF; sub(/\.$/, "", s)}
	     END {if (v == "" || v == "stopped") v = "unknown"; if (v == "refused" || s == "") s = "-"; printf "%s %s", v, s}' "$@"
}
fcsolve="timeout $fctimeout $fcsolvebin --game $preset -sel --max-iters $fciters"
# The boards: board.N for the fc-solve process, and all of them in
# boards for fcsolve-time, each after a line "deal N".
n=$first
while [ "$n" -le "$last" ]; do
	case $game in
	# fc-solve's own generator gives the same columns, and is quicker to
	# start than ours.
	freecell | bakers-game) make-microsoft-freecell-board -t "$n" >"$bin/board.$n" ;;
	*) "$bin/patience" deal "$game" --deal "ms$n" |
		awk '/^c[0-9]+:/ {fc = fc " " ($2 == "" ? "-" : $2)}
		     /^f[0-9]+: ./ {found = found " " substr($NF, 2, 1) "-" substr($NF, 1, 1)}
		     /^t[0-9]+:/ {sub(/^t[0-9]+: ?/, ""); cols = cols $0 "\n"}
		     END {if (found != "") printf "Foundations:%s\n", found
		          if (fc != "") printf "Freecells:%s\n", fc; printf "%s", cols}' >"$bin/board.$n" ;;
	esac
	{ echo "deal $n"; cat "$bin/board.$n"; } >>"$bin/boards"
	n=$((n + 1))
done
# fc-solve's search alone, N VERDICT MS STATES a line in $bin/search. A
# process killed (by its alarm at FCTIMEOUT, or out of memory) leaves
# the deal after its last line unknown; a new one goes on after it. A
# process that fails otherwise (fc-solve refuses the game) leaves the
# rest "refused".
from=$first
: >"$bin/search"
while [ "$from" -le "$last" ]; do
	status=0
	awk -v from="$from" '/^deal / {on = $2 >= from} on' "$bin/boards" |
		"$bin/fcsolve-time" -timeout "$fctimeout" "$fciters" --game "$preset" >>"$bin/search" || status=$?
	reached=$(awk 'END {print $1}' "$bin/search")
	[ -n "$reached" ] && [ "$reached" -ge "$from" ] || reached=$((from - 1))
	from=$((reached + 1))
	[ "$status" -ne 0 ] || continue
	if [ "$status" -gt 128 ]; then
		echo "$from unknown $((fctimeout * 1000)) -" >>"$bin/search"
		echo "# fc-solve's search of ms$from stopped (signal $((status - 128)))" >&2
		from=$((from + 1))
	else
		while [ "$from" -le "$last" ]; do echo "$from refused - -"; from=$((from + 1)); done >>"$bin/search"
	fi
done
for n in $(seq "$first" "$last"); do
	# fcsolve-time's line for the deal: N VERDICT MS STATES.
	set -- $(awk -v n="$n" '$1 == n' "$bin/search")
	fc="$2 $4" fcsearch=$3
	if [ -z "$survey" ]; then
		# Both programs' output goes to one file (hyperfine keeps none
		# with --output pipe), fc-solve's first.
		hyperfine -N -i --runs 1 --style none --output inherit --export-json "$bin/times.json" \
			"$fcsolve $bin/board.$n" \
			"$bin/patience solve $game --deal ms$n --budget $budget --timeout $timeout" >"$bin/out" 2>&1
		oursms=$(jq '.results[1].times[0] * 1000 * 10 | round / 10' "$bin/times.json")
		fcms=$(jq '.results[0].times[0] * 1000 * 10 | round / 10' "$bin/times.json")
		process=$(verdict "$bin/out")
		[ "$process" = "$fc" ] || echo "# fc-solve process differs on ms$n: $process, in process $fc" >&2
	else
		oursms=- fcms=-
	fi
	case $fc in
	# The default configuration's meta-moves may miss a win; the
	# atomic-moves preset crooked-nose gives an accurate verdict (fc-solve's
	# manual): a loss is confirmed by it.
	lost*) fc="$fc $fcsearch $fcms atomic $($fcsolve -l crooked-nose "$bin/board.$n" 2>&1 | verdict)" ;;
	*) fc="$fc $fcsearch $fcms" ;;
	esac
	if [ -z "$survey" ]; then
		ours=$(sed -n -e "s/^$game deal ms$n: won in [0-9]* moves (\([0-9]*\) positions, \([0-9.]*\)\([mµ]*s\)).*/won \1 \2\3/p" \
			-e 's/.* is lost: the search exhausted every line (\([0-9]*\) positions, \([0-9.]*\)\([mµ]*s\)).*/lost \1 \2\3/p' \
			-e 's/.* is undecided: the budget ran out after \([0-9]*\) positions, \([0-9.]*\)\([mµ]*s\).*/unknown \1 \2\3/p' "$bin/out" |
			awk '{t = $3; ms = (t ~ /µs$/) ? t / 1000 : (t ~ /ms$/) ? t + 0 : t * 1000; printf "%s %s %s", $1, $2, ms}')
	else
		ours=$(jq -r --argjson n "$n" 'select(.deal == $n) | "\(.result) \(.nodes) \(.search_ms // .ms)"' "$survey" | tail -1)
		[ -n "$ours" ] || ours="missing 0 0"
	fi
	echo "ms$n fc-solve $fc | ours $ours $oursms"
done | tee "$bin/lines"
# The summary: the share each decided, the verdicts compared, the
# median and 99th percentile of each time, and the ratios of the medians
# over the deals both decided.
awk -v game="$game" '
function pct(a, n, p,   i, j, t) {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	if (p == 50) return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
	i = int(n * p / 100); if (i < n * p / 100) i++
	return a[i]
}
# times NAME A N: the median and 99th percentile of the N times in A.
function times(name, a, n) {
	if (n) printf "# %s: median %.3f ms, p99 %.1f ms\n", name, pct(a, n, 50), pct(a, n, 99)
}
{
	n++
	fv = $3; if ($0 ~ / atomic /) { split($0, x, " atomic "); split(x[2], y, " "); fv = y[1] }
	fs = $5; fp = $6
	split($0, o, " [|] ours "); split(o[2], ov, " ")
	if (fv == "won" || fv == "lost") fcdec++
	if (fs != "-") fst[++nfs] = fs
	if (fp != "-") fpt[++nfp] = fp
	if (ov[1] == "won" || ov[1] == "lost") odec++
	ost[n] = ov[3]; if (ov[4] != "-") opt[++nop] = ov[4]
	if ((fv == "won" || fv == "lost") && (ov[1] == "won" || ov[1] == "lost")) {
		both++; bfs[both] = fs; bos[both] = ov[3]
		if (fp != "-") bfp[++nbfp] = fp
		if (ov[4] != "-") bop[++nbop] = ov[4]
		if (fv != ov[1]) { dis++; print "# disagreement: " $0 }
	}
	if ((fv == "won" || fv == "lost") && ov[1] == "unknown") print "# fc-solve decides, ours does not: " $0
	if (fv == "unknown" && (ov[1] == "won" || ov[1] == "lost")) print "# ours decides, fc-solve does not: " $0
}
END {
	printf "# %s, %d deals: fc-solve decided %d, ours %d; both %d, disagreements %d\n", game, n, fcdec, odec, both, dis
	times("fc-solve search alone (in process)", fst, nfs)
	times("fc-solve process", fpt, nfp)
	times("ours search alone", ost, n)
	times("ours process", opt, nop)
	if (both) {
		f = pct(bfs, both, 50); s = pct(bos, both, 50)
		printf "# the %d deals both decided, search alone: fc-solve median %.3f ms (p99 %.1f), ours %.3f ms (p99 %.1f); ratio of medians %.2f\n", both, f, pct(bfs, both, 99), s, pct(bos, both, 99), s / f
		if (nbfp && nbop) {
			f = pct(bfp, nbfp, 50); p = pct(bop, nbop, 50)
			printf "# the same deals, whole process: fc-solve median %.1f ms, ours %.1f ms; ratio %.2f\n", f, p, p / f
		}
	}
}' "$bin/lines"

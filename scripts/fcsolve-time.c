/*
 * fcsolve-time: times Freecell Solver's search alone, in process, on
 * boards of any game it plays, one after the other, as its range solver
 * (freecell-solver-range-parallel-solve) does for Microsoft's FreeCell
 * deals: one solver instance, configured once, recycled after each
 * board. It links Debian's libfreecell-solver (package
 * libfreecell-solver-dev, 5.0.0) through its public API only
 * (fcs_user.h, fcs_cl.h).
 *
 *   fcsolve-time [-fresh] [-timeout SECONDS] ITERS [FC-SOLVE OPTIONS...] <BOARDS
 *
 * FC-SOLVE OPTIONS are fc-solve's own (--game eight_off, -l
 * crooked-nose, ...), read by the library's command-line parser as
 * fc-solve reads them. ITERS bounds the states checked a board, set as
 * the range solver sets --total-iterations-limit. -fresh allocates and
 * configures a new instance for each board instead of recycling one.
 * -timeout gives each solve at most SECONDS of wall time: the process
 * is then killed by SIGALRM (fc-solve's library has no time bound), and
 * the caller goes on with the next board.
 *
 * BOARDS: each board in fc-solve's format, preceded by a line "deal N".
 * One line a board on the standard output, flushed at once:
 *
 *   N VERDICT MS STATES
 *
 * VERDICT is fc-solve's return code: won, lost (its scan exhausted: with
 * meta-moves, not a proof), unknown (ITERS reached), invalid (a board
 * it refuses, said on the standard error too); MS is the wall
 * time (CLOCK_MONOTONIC) of the call that parses the board and solves
 * it, nothing else; STATES the states checked. Exit 0, or 2 on bad usage
 * or options (a game the library cannot play among them).
 */
#define _POSIX_C_SOURCE 200809L
#include <freecell-solver/fcs_cl.h>
#include <freecell-solver/fcs_user.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int nopts;
static const char **opts;
static long iters;

/* configure returns a solver instance set up with the options and the
 * bound, or exits with status 2. */
static void *configure(void)
{
	void *instance = freecell_solver_user_alloc();
	if (instance == NULL) {
		fprintf(stderr, "fcsolve-time: out of memory\n");
		exit(2);
	}
	char *err = NULL;
	int last = 0;
	int ret = freecell_solver_user_cmd_line_parse_args(instance, nopts, opts,
	    0, NULL, NULL, NULL, &err, &last);
	if (ret != FCS_CMD_LINE_OK) {
		fprintf(stderr, "fcsolve-time: fc-solve option %s: %s\n",
		    last < nopts ? opts[last] : "(end)",
		    err != NULL ? err : "not accepted");
		exit(2);
	}
	free(err);
	freecell_solver_user_limit_iterations_long(instance, iters);
	return instance;
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* solve solves one board and prints its line. */
static void solve(void **instance, int fresh, unsigned timeout,
    const char *deal, const char *board)
{
	if (fresh)
		*instance = configure();
	alarm(timeout);
	double start = now_ms();
	int ret = freecell_solver_user_solve_board(*instance, board);
	double ms = now_ms() - start;
	alarm(0);
	const char *verdict;
	switch (ret) {
	case FCS_STATE_WAS_SOLVED:
		verdict = "won";
		break;
	case FCS_STATE_IS_NOT_SOLVEABLE:
		verdict = "lost";
		break;
	case FCS_STATE_SUSPEND_PROCESS:
		verdict = "unknown";
		break;
	default:
		fprintf(stderr, "fcsolve-time: deal %s: fc-solve refuses the board (code %d)\n", deal, ret);
		verdict = "invalid";
	}
	printf("%s %s %.3f %ld\n", deal, verdict, ms,
	    (long)freecell_solver_user_get_num_times_long(*instance));
	fflush(stdout);
	if (fresh) {
		freecell_solver_user_free(*instance);
		*instance = NULL;
	} else {
		freecell_solver_user_recycle(*instance);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: fcsolve-time [-fresh] [-timeout SECONDS] ITERS [FC-SOLVE OPTIONS...] <BOARDS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int fresh = 0;
	unsigned timeout = 0;
	int arg = 1;
	for (; arg < argc && argv[arg][0] == '-'; arg++) {
		if (strcmp(argv[arg], "-fresh") == 0)
			fresh = 1;
		else if (strcmp(argv[arg], "-timeout") == 0 && arg + 1 < argc)
			timeout = (unsigned)atoi(argv[++arg]);
		else
			usage();
	}
	if (arg >= argc)
		usage();
	char *end;
	iters = strtol(argv[arg], &end, 10);
	if (*end != '\0' || iters <= 0)
		usage();
	opts = (const char **)argv + arg + 1;
	nopts = argc - arg - 1;
	void *instance = fresh ? NULL : configure();

	/* Read a board at a time: "deal N", then its lines. */
	char deal[64] = "", *line = NULL, *board = NULL;
	size_t cap = 0, len = 0, size = 0;
	ssize_t n;
	for (;;) {
		n = getline(&line, &cap, stdin);
		if (n < 0 || strncmp(line, "deal ", 5) == 0) {
			if (deal[0] != '\0')
				solve(&instance, fresh, timeout, deal, board != NULL ? board : "");
			if (n < 0)
				break;
			snprintf(deal, sizeof deal, "%s", line + 5);
			deal[strcspn(deal, " \r\n")] = '\0';
			len = 0;
			if (board != NULL)
				board[0] = '\0';
			continue;
		}
		if (deal[0] == '\0')
			continue;
		if (len + (size_t)n + 1 > size) {
			size = 2 * (len + (size_t)n + 1);
			board = realloc(board, size);
			if (board == NULL) {
				fprintf(stderr, "fcsolve-time: out of memory\n");
				return 2;
			}
		}
		memcpy(board + len, line, (size_t)n + 1);
		len += (size_t)n;
	}
	if (instance != NULL)
		freecell_solver_user_free(instance);
	free(line);
	free(board);
	return 0;
}

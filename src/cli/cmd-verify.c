/* cmd-verify.c: `gametab verify`, the articles' claims checked by computation. */
#include <config.h>

#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "claims/claim.h"
#include "claims/claims.h"
#include "cli/command.h"
#include "cli/options.h"
#include "io/output.h"
#include "publish/errata.h"

static void print_verify_help(void)
{
    printf("Usage: gametab verify [OPTIONS]\n"
           "Check the claims of the four articles -- theorems, properties, exercises,\n"
           "remarks and the printed tables -- by computation, and print one line per\n"
           "claim:\n"
           "  ID  holds|FAILS|data  SOURCE | RANGE CHECKED | CASES[: COUNTEREXAMPLES]\n"
           "                        [| correct: THE CORRECT STATEMENT]\n"
           "A counterexample \"X → Y\" reads \"the article says X, the computation Y\";\n"
           "P is a losing position for the player to move, N a winning one.\n"
           "\n"
           "  --max F            check every claim F times as far as by default (F =\n"
           "                     1..%d), each at most to its own limit (--list)\n"
           "  --claim ID         only claim ID; or, if no claim is called so, every\n"
           "                     claim whose id starts with ID and a dash (--claim\n"
           "                     feng); repeatable\n"
           "  --list             list the claims: id, source, default and largest bound\n"
           "  --lang L           en or ru: the language of sources and corrections\n"
           "                     (default en)\n"
           "  -o, --output FILE  write the report to FILE (default -, standard output)\n"
           "\n"
           "Exit status: 0 when every claim checked holds, 1 when one fails (the report\n"
           "is written; standard error is empty), 1 on a runtime error too (then\n"
           "standard error has one line starting \"gametab: \"), 2 on a usage error.\n",
           CLAIM_FACTOR_MAX);
}

static void print_claim_list(void)
{
    for (size_t i = 0; i < claim_registry_size; i++) {
        const struct claim *c = claim_registry[i];
        printf("%-28s %s, %s; bound %" PRIu64 " (at most %" PRIu64 "): %s\n", c->id,
               claim_articles[c->article].cite_en, c->item_en, c->bound_default, c->bound_max,
               c->bound_help);
    }
}

/* Adds the claims that `name` selects to the selection, each once: the
 * claim with that id, or else every claim whose id starts with name and a
 * dash ("feng", "matulis-theorem"). */
static int select_claims(const char *name, bool *selected, struct gt_error *err)
{
    size_t n = strlen(name);
    bool any = false, exact = claim_find(name) != NULL;
    for (size_t i = 0; i < claim_registry_size; i++) {
        const char *id = claim_registry[i]->id;
        if (exact ? strcmp(id, name) == 0
                  : n > 0 && strncmp(id, name, n) == 0 && id[n] == '-') {
            selected[i] = true;
            any = true;
        }
    }
    if (!any)
        return gt_fail(err, GT_ERR_USAGE, "--claim: %s: no such claim (see gametab verify --list)",
                       name);
    return GT_OK;
}

static int run_verify(int argc, char *argv[], struct gt_error *err)
{
    static const struct option longopts[] = {
        {"max", required_argument, NULL, OPT_PARAM + PARAM_MAX},
        {"claim", required_argument, NULL, OPT_CLAIM},
        {"list", no_argument, NULL, OPT_LIST},
        {"lang", required_argument, NULL, OPT_LANG},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {0},
    };
    const char *path = "-", *lang = "en";
    uint64_t factor = 1;
    bool selected[CLAIM_REGISTRY_MAX] = {false}, some = false;
    bool list = false;
    int c;
    while ((c = getopt_long(argc, argv, "-:o:", longopts, NULL)) != -1) {
        switch (c) {
        case 1: return gt_fail(err, GT_ERR_USAGE, "verify: unexpected argument '%s'", optarg);
        case OPT_PARAM + PARAM_MAX:
            if (parse_u64("--max", optarg, &factor, err) != GT_OK)
                return GT_ERR_USAGE;
            if (factor < 1 || factor > CLAIM_FACTOR_MAX)
                return gt_fail(err, GT_ERR_USAGE,
                               "--max: %" PRIu64 " is out of range (1..%d: a factor on the bounds)",
                               factor, CLAIM_FACTOR_MAX);
            break;
        case OPT_CLAIM:
            if (select_claims(optarg, selected, err) != GT_OK)
                return GT_ERR_USAGE;
            some = true;
            break;
        case OPT_LIST: list = true; break;
        case OPT_LANG:
            if (parse_lang(optarg, &lang, err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case 'o': path = optarg; break;
        case OPT_HELP: print_verify_help(); return GT_OK;
        case OPT_VERSION: print_version(); return GT_OK;
        default: return bad_option("verify", argv, c, err);
        }
    }
    if (optind < argc)
        return gt_fail(err, GT_ERR_USAGE, "verify: unexpected argument '%s'", argv[optind]);
    if (!*path)
        return gt_fail(err, GT_ERR_USAGE, "-o: the file name is empty");
    if (list) {
        print_claim_list();
        return GT_OK;
    }
    const struct claim *chosen[CLAIM_REGISTRY_MAX];
    size_t n = 0;
    for (size_t i = 0; i < claim_registry_size; i++)
        if (!some || selected[i])
            chosen[n++] = claim_registry[i];
    struct output *out;
    if (output_open(&out, path, NULL, OUTPUT_PLAIN, 0, 1, err) != GT_OK)
        return GT_ERR_RUNTIME;
    struct errata e;
    int rc = errata_run(&e, chosen, n, factor, err);
    if (rc == GT_OK)
        rc = errata_write_report(&e, lang, out, err);
    if (rc == GT_OK)
        rc = output_commit(out, err);
    else
        output_abort(out);
    /* A claim that fails: exit 1, with the report written and no error
     * message (the report says which). */
    if (rc == GT_OK && errata_failures(&e) > 0)
        rc = GT_ERR_RUNTIME;
    errata_free(&e);
    return rc;
}

/* ---- main ---------------------------------------------------------------- */

const struct command cmd_verify = {
    .name = "verify",
    .summary = "check every claim of the articles by computation; the errata",
    .run = run_verify,
};

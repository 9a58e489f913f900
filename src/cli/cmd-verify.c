/* cmd-verify.c: `gametab verify`, the articles' claims checked by computation. */
#include <config.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/progress.h"
#include "claims/claim.h"
#include "claims/claims.h"
#include "cli/command.h"
#include "cli/help.h"
#include "cli/options.h"
#include "io/output.h"
#include "publish/errata.h"
#include "template/templates.h"

/* What --max, --claim, --lang, --templates and -o apply to: not to --list. */
#define REPORT "the report"

enum { O_MAX = OPT_COMMON__N, O_CLAIM, O_LIST, O_LANG, O_TEMPLATES, O_QUIET, O_OUTPUT, O__N };

static const struct option_spec verify_options[O__N] = {
    COMMON_OPTIONS,
    [O_MAX] = {.name = "max", .kind = OPTION_NUMBER, .metavar = "F", .min = 1, .only_for = REPORT,
               .max = CLAIM_FACTOR_MAX, .range_note = "a factor on the bounds",
               .help = "check every claim F times as far as by default (F =\n"
                       "1.." XSTR(CLAIM_FACTOR_MAX) "), each at most to its own limit (--list)"},
    [O_CLAIM] = {.name = "claim", .kind = OPTION_STRING, .metavar = "ID", .repeatable = true,
                 .complete = "claim", .only_for = REPORT, .nonempty = "the claim id",
                 .help = "only claim ID; or, if no claim is called so, every\n"
                         "claim whose id starts with ID and a dash (--claim\n"
                         "feng); repeatable"},
    [O_LIST] = {.name = "list", .kind = OPTION_FLAG,
                .help = "list the claims: id, source, default and largest bound\n"
                        "(--max, --claim, --lang, --templates and -o do not\n"
                        "apply)"},
    [O_LANG] = {LANG_SPEC, .only_for = REPORT,
                .help = "en or ru: the language of the report (the template\n"
                        "verify.txt with lang/L.json; default en)"},
    [O_TEMPLATES] = {TEMPLATES_SPEC, .only_for = REPORT,
                     .help = "look for the report's template verify.txt and\n"
                             "lang/L.json in DIR first"},
    [O_QUIET] = {.name = "quiet", .kind = OPTION_FLAG, .only_for = REPORT,
                 .help = "no progress line (shown on a terminal for jobs\n"
                         "longer than a second: the claim being checked)"},
    [O_OUTPUT] = {OUTPUT_SPEC, .only_for = REPORT,
                  .help = "write the report to FILE (default -, standard output)"},
};

static void print_claim_list(void)
{
    struct help_buffer b;
    FILE *f = help_buffer_begin(&b, stdout);
    for (size_t i = 0; i < claim_registry_size; i++) {
        const struct claim *c = claim_registry[i];
        struct article_words a = {0};
        struct claim_words w = {0};
        claim_article_words(c->article, "en", &a); /* "en" is a claim language */
        claim_words(c, "en", &w);
        fprintf(f, "%-28s %s, %s; bound %" PRIu64 " (at most %" PRIu64 "): %s\n", c->id,
                a.cite, w.item, c->bound_default, c->bound_max, c->bound_help);
    }
    help_buffer_end(&b);
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

/* The progress line's text before claim i of n. */
static void verify_step(void *ud, const struct claim *c, size_t i, size_t n)
{
    char text[128];
    snprintf(text, sizeof text, "claim %zu of %zu (%s)", i + 1, n, c->id);
    progress_ticker_set(ud, text);
}

/* -o's name (command.h, output_check): the report is text; and for the
 * advice, --list takes no -o (run says so first, as for every option that
 * does not apply). */
static int verify_output_check(struct command_line *cl, const char *path, bool advice,
                               struct gt_error *err)
{
    if (advice && cl->opt[O_LIST].given)
        return gt_fail(err, GT_ERR_USAGE, "-o: does not apply to --list");
    return output_name_check(path, FORMAT_ALL,
                             "the report is text (the errata as csv.gz: gametab build)",
                             "give a name ending in .txt", err);
}

static int run_verify(struct command_line *cl, struct gt_error *err)
{
    const struct option_value *opt = cl->opt;
    const char *path = opt[O_OUTPUT].given ? opt[O_OUTPUT].text : "-";
    const char *lang = opt[O_LANG].given ? template_languages[opt[O_LANG].choice] : "en";
    uint64_t factor = opt[O_MAX].given ? opt[O_MAX].number[0] : 1;
    bool selected[CLAIM_REGISTRY_MAX] = {false}, some = opt[O_CLAIM].given;
    bool list = opt[O_LIST].given;
    /* What does not apply is said first: --list --claim x is not "no such claim". */
    struct option_group groups[2];
    size_t ngroups = command_groups(&cmd_verify, cl, groups);
    if (options_check_applies(groups, ngroups, list ? "--list" : REPORT,
                              list ? "--list" : REPORT, err) != GT_OK)
        return GT_ERR_USAGE;
    for (size_t i = 0; i < opt[O_CLAIM].count; i++)
        if (select_claims(opt[O_CLAIM].all[i], selected, err) != GT_OK)
            return GT_ERR_USAGE;
    if (list) {
        print_claim_list();
        return GT_OK;
    }
    const struct claim *chosen[CLAIM_REGISTRY_MAX];
    size_t n = 0;
    for (size_t i = 0; i < claim_registry_size; i++)
        if (!some || selected[i])
            chosen[n++] = claim_registry[i];
    if (verify_output_check(cl, path, false, err) != GT_OK)
        return GT_ERR_USAGE;
    struct template_dirs dirs;
    if (template_dirs_init(&dirs, opt[O_TEMPLATES].text, err) != GT_OK)
        return err->status;
    /* -o naming the report's template or language file would replace it. */
    if (output_check_not_templates(path, &dirs, lang, (const char *const[]){"verify.txt"}, 1,
                                   err) != GT_OK)
        return GT_ERR_USAGE;
    /* A report template or language file that does not read is said now,
     * not after minutes of claims. */
    if (templates_parse(&dirs, lang, (const char *const[]){"verify.txt"}, 1,
                        &(struct template_targets){.out_path = path}, err) != GT_OK)
        return err->status;
    struct output *out;
    if (output_open(&out, path, NULL, OUTPUT_PLAIN, 0, 1, err) != GT_OK)
        return GT_ERR_RUNTIME;
    struct errata e;
    struct progress_ticker ticker;
    progress_ticker_start(&ticker, !opt[O_QUIET].given);
    int rc = errata_run(&e, chosen, n, factor, verify_step, &ticker, err);
    progress_ticker_end(&ticker);
    if (rc == GT_OK)
        rc = errata_write_report(&e, &dirs, lang, out, err);
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

const struct command cmd_verify = {
    .name = "verify",
    .summary = "check every claim of the articles by computation; the errata",
    .usage = "verify [OPTIONS]",
    .about = "Check the claims of the four articles -- theorems, properties, exercises, "
             "remarks and the printed tables -- by computation, and print one line per "
             "claim:\n"
             "  ID  holds|FAILS|data  SOURCE | RANGE CHECKED | CASES[: COUNTEREXAMPLES]\n"
             "                        [| correct: THE CORRECT STATEMENT]\n"
             "A counterexample \"X → Y\" reads \"the article says X, the computation Y\"; "
             "P is a losing position for the player to move, N a winning one.\n",
    .more = "Exit status: 0 when every claim checked holds, 1 when one fails (the report "
            "is written; standard error is empty), 1 on a runtime error too (then "
            "standard error has one line starting \"gametab: \"), 2 on a usage error.\n",
    .options = verify_options,
    .noptions = O__N,
    .mode_option = "list",
    .mode_default = REPORT,
    .output_check = verify_output_check,
    .run = run_verify,
};

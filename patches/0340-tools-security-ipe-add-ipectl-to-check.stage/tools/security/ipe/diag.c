// SPDX-License-Identifier: GPL-2.0
/*
 * ipectl diagnostics: a policy text cut into lines, and the errors and
 * warnings about it, printed as a compiler prints them:
 *
 *	FILE:LINE:COLUMN: error: MESSAGE
 *	FILE:LINE:COLUMN: warning: MESSAGE
 *	FILE: error: MESSAGE		(not bound to a line: an empty policy)
 *
 * Lines and columns count from 1; a column is a byte offset.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipectl.h"

/**
 * ipectl_text_init() - index the lines of a policy text
 * @t: the text to set up
 * @text: the bytes; must stay valid while @t is used
 * @len: number of bytes
 *
 * Lines end at '\n', as for the kernel's parser.
 *
 * Return: 0, or -ENOMEM.
 */
int ipectl_text_init(struct ipectl_text *t, const char *text, size_t len)
{
	size_t i, n = 1;

	for (i = 0; i < len; i++)
		if (text[i] == '\n' && i + 1 < len)
			n++;
	t->starts = malloc(n * sizeof(*t->starts));
	if (!t->starts)
		return -ENOMEM;
	t->text = text;
	t->len = len;
	t->starts[0] = 0;
	t->nlines = len ? 1 : 0;
	for (i = 0; i < len; i++)
		if (text[i] == '\n' && i + 1 < len)
			t->starts[t->nlines++] = i + 1;
	return 0;
}

/**
 * ipectl_text_free() - release what ipectl_text_init() allocated
 * @t: the text
 */
void ipectl_text_free(struct ipectl_text *t)
{
	free(t->starts);
	t->starts = NULL;
	t->nlines = 0;
}

/**
 * ipectl_line_len() - the length of a line, without its newline
 * @t: the text
 * @line: 1-based line number
 *
 * Return: the number of bytes, 0 for a line the text does not have.
 */
size_t ipectl_line_len(const struct ipectl_text *t, u32 line)
{
	const char *s, *nl;

	if (!line || line > t->nlines)
		return 0;
	s = t->text + t->starts[line - 1];
	nl = memchr(s, '\n', t->len - t->starts[line - 1]);
	return nl ? (size_t)(nl - s) : t->len - t->starts[line - 1];
}

/* the white space of the kernel's parser (ipe_is_space()) */
static bool ipectl_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/**
 * ipectl_first_token_column() - the column where a line's text starts
 * @t: the text
 * @line: 1-based line number
 *
 * Return: the column of the first byte that is not white space, 1 for a
 * blank line, 0 for a line the text does not have.
 */
u32 ipectl_first_token_column(const struct ipectl_text *t, u32 line)
{
	size_t n = ipectl_line_len(t, line), i;
	const char *s;

	if (!line || line > t->nlines)
		return 0;
	s = t->text + t->starts[line - 1];
	for (i = 0; i < n && ipectl_space(s[i]); i++)
		;
	return i < n ? i + 1 : 1;
}

/**
 * ipectl_header_line() - the line that holds the policy header
 * @t: the text
 *
 * As for the parser, the header is the first line that is neither blank
 * nor a comment.
 *
 * Return: its number, or 0 when every line is blank.
 */
u32 ipectl_header_line(const struct ipectl_text *t)
{
	u32 line;

	for (line = 1; line <= t->nlines; line++) {
		const char *s = t->text + t->starts[line - 1];
		size_t n = ipectl_line_len(t, line), i;

		for (i = 0; i < n && ipectl_space(s[i]); i++)
			;
		if (i < n && s[i] != '#')
			return line;
	}
	return 0;
}

/**
 * ipectl_diag_add() - record an error or a warning
 * @ds: the diagnostics
 * @error: an error (else a warning)
 * @line: 1-based line, or 0
 * @column: 1-based column, or 0
 * @fmt: printf format of the message
 *
 * An allocation failure drops the message but still counts it.
 */
void ipectl_diag_add(struct ipectl_diags *ds, bool error, u32 line,
		     u32 column, const char *fmt, ...)
{
	struct ipectl_diag *d;
	va_list ap;
	char *msg;
	int n;

	if (error)
		ds->errors++;
	else
		ds->warnings++;
	if (ds->count == ds->cap) {
		size_t cap = ds->cap ? 2 * ds->cap : 16;

		d = realloc(ds->d, cap * sizeof(*d));
		if (!d)
			return;
		ds->d = d;
		ds->cap = cap;
	}
	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	d = &ds->d[ds->count];
	d->line = line;
	d->column = column;
	d->error = error;
	d->seq = ds->count++;
	d->msg = msg;
}

static int ipectl_diag_cmp(const void *a, const void *b)
{
	const struct ipectl_diag *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/**
 * ipectl_diags_sort() - put the diagnostics in text order
 * @ds: the diagnostics
 *
 * Messages about the whole text (line 0) come first; the order of
 * messages at the same place is kept.
 */
void ipectl_diags_sort(struct ipectl_diags *ds)
{
	if (ds->count > 1)
		qsort(ds->d, ds->count, sizeof(ds->d[0]), ipectl_diag_cmp);
}

/**
 * ipectl_diags_print() - print the diagnostics, one a line
 * @ds: the diagnostics
 * @name: the file name to print
 * @werror: print warnings as errors
 * @f: the stream
 */
void ipectl_diags_print(const struct ipectl_diags *ds, const char *name,
			bool werror, FILE *f)
{
	size_t i;

	for (i = 0; i < ds->count; i++) {
		const struct ipectl_diag *d = &ds->d[i];
		const char *kind = d->error ? "error" : "warning";

		if (!d->error && werror)
			kind = "error";
		if (d->line)
			fprintf(f, "%s:%u:%u: %s: %s\n", name, d->line,
				d->column, kind, d->msg);
		else
			fprintf(f, "%s: %s: %s\n", name, kind, d->msg);
	}
}

/**
 * ipectl_diags_free() - release the diagnostics
 * @ds: the diagnostics; left empty
 */
void ipectl_diags_free(struct ipectl_diags *ds)
{
	size_t i;

	for (i = 0; i < ds->count; i++)
		free(ds->d[i].msg);
	free(ds->d);
	memset(ds, 0, sizeof(*ds));
}

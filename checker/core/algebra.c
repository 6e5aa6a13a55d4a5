/* algebra.c: reads a flag expression: the bits that can reach the value
 * and what each term is to it (algebra.h). */
#include <stdlib.h>

#include "algebra.h"
#include "message.h"

/* What a subtree can be, worked out bottom-up. */
typedef struct span {
	uint64_t may;
	uint64_t must;
	int unknown;
	size_t kids[3];
} span;

/* What a subtree is to the value, handed down from its parent. */
typedef struct context {
	fs_use use;
	int conditional;
	uint64_t pass;		/* bits the enclosing &s let through */
	size_t arm;		/* the root of the nearest arm (fs_term_use) */
	int picks;		/* under a ?: condition (fs_term_use) */
	int whole;		/* only choices above it (fs_term_use) */
} context;

static const unsigned char arity[FS_OP_COUNT] = {
	[FS_OP_OR] = 2, [FS_OP_AND] = 2, [FS_OP_XOR] = 2, [FS_OP_ADD] = 2,
	[FS_OP_SUB] = 2, [FS_OP_SHL] = 2, [FS_OP_SHR] = 2, [FS_OP_EQ] = 2,
	[FS_OP_NE] = 2, [FS_OP_REL] = 2, [FS_OP_LAND] = 2, [FS_OP_LOR] = 2,
	[FS_OP_NOT] = 1, [FS_OP_LNOT] = 1, [FS_OP_NEG] = 1, [FS_OP_COND] = 3,
	[FS_OP_EITHER] = 2, [FS_OP_MAYBE] = 1,
};

static const span top = { ~(uint64_t)0, 0, 1, { 0 } };

unsigned fs_op_arity(fs_op op)
{
	return (unsigned)op < FS_OP_COUNT ? arity[op] : 0;
}

static int is_exact(const span *s)
{
	return !s->unknown && s->may == s->must;
}

static span exact(uint64_t v)
{
	return (span){ v, v, 0, { 0 } };
}

/* A result nothing is known of, but whether a non-constant part reaches
 * it: `boolean` results are 0 or 1. */
static span vague(const span *a, const span *b, int boolean)
{
	span s = top;

	s.unknown = a->unknown || (b && b->unknown);
	if (boolean)
		s.may = 1;
	return s;
}

static span leaf(const fs_rules *rules, const fs_value *v, const fs_node *n)
{
	static const span truth = { 1, 0, 1, { 0 } };
	int64_t value;

	if (n->op == FS_OP_TRUTH)
		return truth;
	if (n->op == FS_OP_TERM &&
	    fs_term_value(rules, &v->terms[n->term], &value))
		return exact((uint64_t)value);
	return top;
}

/* The exact value of a binary operator on exact operands; 0 when it has
 * none (a shift out of range). */
static int fold(fs_op op, uint64_t a, uint64_t b, uint64_t *r)
{
	switch (op) {
	case FS_OP_ADD: *r = a + b; return 1;
	case FS_OP_SUB: *r = a - b; return 1;
	case FS_OP_SHL: *r = b < 64 ? a << b : 0; return b < 64;
	case FS_OP_SHR: *r = b < 64 ? (uint64_t)((int64_t)a >> b) : 0;
		return b < 64;
	case FS_OP_EQ: *r = a == b; return 1;
	case FS_OP_NE: *r = a != b; return 1;
	case FS_OP_LAND: *r = a && b; return 1;
	case FS_OP_LOR: *r = a || b; return 1;
	default: return 0;
	}
}

static int is_boolean(fs_op op)
{
	return op == FS_OP_EQ || op == FS_OP_NE || op == FS_OP_REL ||
	       op == FS_OP_LAND || op == FS_OP_LOR || op == FS_OP_LNOT;
}

static span either(const span *a, const span *b)
{
	return (span){ a->may | b->may, a->must & b->must,
		       a->unknown || b->unknown, { 0 } };
}

static span bitwise(fs_op op, const span *a, const span *b)
{
	switch (op) {
	case FS_OP_OR:
		return (span){ a->may | b->may, a->must | b->must,
			       a->unknown || b->unknown, { 0 } };
	case FS_OP_AND:
		return (span){ a->may & b->may, a->must & b->must,
			       a->unknown || b->unknown, { 0 } };
	default: /* FS_OP_XOR */
		return (span){ a->may | b->may,
			       (a->must & ~b->may) | (b->must & ~a->may),
			       a->unknown || b->unknown, { 0 } };
	}
}

static span binary(fs_op op, const span *a, const span *b)
{
	uint64_t r;

	if (op == FS_OP_OR || op == FS_OP_AND || op == FS_OP_XOR)
		return bitwise(op, a, b);
	if (op == FS_OP_EITHER)
		return either(a, b);
	if (is_exact(a) && is_exact(b) && fold(op, a->may, b->may, &r))
		return exact(r);
	/* Adding values that share no bit is or-ing them. */
	if (op == FS_OP_ADD && !(a->may & b->may))
		return bitwise(FS_OP_OR, a, b);
	return vague(a, b, is_boolean(op));
}

static span unary(fs_op op, const span *a)
{
	span s;

	switch (op) {
	case FS_OP_NOT:
		s = (span){ ~a->must, ~a->may, a->unknown, { 0 } };
		return s;
	case FS_OP_MAYBE:
		s = (span){ a->may, 0, a->unknown, { 0 } };
		return s;
	case FS_OP_NEG:
		return is_exact(a) ? exact(-a->may) : vague(a, NULL, 0);
	default: /* FS_OP_LNOT */
		return is_exact(a) ? exact(!a->may) : vague(a, NULL, 1);
	}
}

static span combine(const fs_rules *rules, const fs_value *v, size_t i,
		    const span *spans)
{
	const fs_node *n = &v->nodes[i];
	const size_t *k = spans[i].kids;

	switch (arity[n->op]) {
	case 0:
		return leaf(rules, v, n);
	case 1:
		return unary(n->op, &spans[k[0]]);
	case 2:
		return binary(n->op, &spans[k[0]], &spans[k[1]]);
	default: /* FS_OP_COND: a known condition picks its arm */
		if (is_exact(&spans[k[0]]))
			return spans[k[spans[k[0]].may ? 1 : 2]];
		return either(&spans[k[1]], &spans[k[2]]);
	}
}

/* Bottom-up over the prefix order, last node first: each operator takes
 * its operands' roots off the stack. Returns 0, or -1 for an ill-formed
 * tree; *stack has room for every node. */
static int build_spans(const fs_rules *rules, const fs_value *v, span *spans,
		       size_t *stack)
{
	size_t depth = 0;

	for (size_t i = v->nnodes; i-- > 0;) {
		const fs_node *n = &v->nodes[i];
		size_t kids[3] = { 0 };
		unsigned k;

		if ((unsigned)n->op >= FS_OP_COUNT ||
		    depth < (k = arity[n->op]) ||
		    (n->op == FS_OP_TERM && n->term >= v->nterms))
			return -1;
		for (unsigned j = 0; j < k; j++)
			kids[j] = stack[--depth];
		for (unsigned j = 0; j < k; j++)
			spans[i].kids[j] = kids[j];
		spans[i] = combine(rules, v, i, spans);
		for (unsigned j = 0; j < k; j++)
			spans[i].kids[j] = kids[j];
		stack[depth++] = i;
	}
	return depth == 1 ? 0 : -1;
}

/* ~ turns setting into clearing, and clearing back into setting. */
static fs_use negated(fs_use use)
{
	switch (use) {
	case FS_USE_SET: return FS_USE_CLEARED;
	case FS_USE_CLEARED: return FS_USE_SET;
	case FS_USE_MASK: return FS_USE_CLEARED;
	default: return use;
	}
}

/* The known side of `x & MASK` with x unknown selects bits of x. */
static context mask_of(context p)
{
	if (p.use == FS_USE_SET || p.use == FS_USE_TESTED ||
	    p.use == FS_USE_COMPARED)
		p.use = FS_USE_MASK;
	p.pass = ~(uint64_t)0;
	return p;
}

/* An operand of &: the mask when only the other side is unknown, else
 * bits that pass only where the other side may have bits. */
static context and_operand(context p, const span *self, const span *other)
{
	if (other->unknown && !self->unknown)
		return mask_of(p);
	p.pass &= other->may;
	return p;
}

static context with_use(context p, fs_use use)
{
	p.use = use;
	p.pass = ~(uint64_t)0;
	return p;
}

/* The context of operand j of node n, whose own context is p, but for
 * whether it is whole. */
static context operand_use(const fs_node *n, const span *spans,
			   const span *s, context p, unsigned j)
{
	switch (n->op) {
	case FS_OP_AND:
		return and_operand(p, &spans[s->kids[j]],
				   &spans[s->kids[!j]]);
	case FS_OP_NOT:
		return with_use(p, negated(p.use));
	case FS_OP_SUB:
		return j ? with_use(p, FS_USE_MOVED) : p;
	case FS_OP_SHL: case FS_OP_SHR: case FS_OP_NEG:
		return with_use(p, FS_USE_MOVED);
	case FS_OP_EQ: case FS_OP_NE: case FS_OP_REL:
		return with_use(p, FS_USE_COMPARED);
	case FS_OP_LAND: case FS_OP_LOR: case FS_OP_LNOT:
		return with_use(p, FS_USE_TESTED);
	case FS_OP_COND:
		if (j == 0) {
			p.picks = 1;
			return with_use(p, FS_USE_TESTED);
		}
		p.conditional = 1;
		p.arm = s->kids[j];
		return p;
	case FS_OP_EITHER: case FS_OP_MAYBE:
		p.conditional = 1;
		p.arm = s->kids[j];
		return p;
	default: /* | ^ + */
		return p;
	}
}

/* The context of operand j of node n: an arm of a choice (?:, either) is
 * the value on its paths when the choice is; any other operand is part
 * of a value. */
static context operand(const fs_node *n, const span *spans, const span *s,
		       context p, unsigned j)
{
	context c = operand_use(n, spans, s, p, j);

	c.whole = p.whole && (n->op == FS_OP_EITHER ||
			      (n->op == FS_OP_COND && j > 0));
	return c;
}

/* A set term none of whose bits pass the enclosing &s is taken out. */
static fs_term_use term_use(const fs_rules *rules, const fs_term *t,
			    context c)
{
	int64_t value;

	if (c.use == FS_USE_SET && fs_term_value(rules, t, &value) &&
	    value != 0 && !((uint64_t)value & c.pass))
		c.use = FS_USE_CLEARED;
	return (fs_term_use){ c.use, c.conditional, c.arm, c.picks, c.whole };
}

/* A `~` of a constant whose bits reach the value (its context sets): they
 * are the complement's. The operand's subtree follows node i in prefix
 * order, and a constant one has only terms for leaves, so its first term
 * is the first after i. */
static void note_complement(const fs_value *v, const span *spans,
			    const context *c, size_t i, fs_reading *out)
{
	const span *operand = &spans[spans[i].kids[0]];
	uint64_t bits = spans[i].may & c->pass;

	if (v->nodes[i].op != FS_OP_NOT || c->use != FS_USE_SET ||
	    !is_exact(operand) || !bits)
		return;
	out->complement |= bits;
	for (size_t j = i + 1; out->complement_term == FS_NONE &&
			       j < v->nnodes; j++)
		if (v->nodes[j].op == FS_OP_TERM)
			out->complement_term = v->nodes[j].term;
}

/* Top-down over the prefix order: a parent comes before its operands. */
static void hand_down(const fs_rules *rules, const fs_value *v,
		      const span *spans, context *contexts, fs_reading *out)
{
	contexts[0] = (context){ FS_USE_SET, 0, ~(uint64_t)0, 0, 0, 1 };
	for (size_t i = 0; i < v->nnodes; i++) {
		const fs_node *n = &v->nodes[i];

		for (unsigned j = 0; j < arity[n->op]; j++)
			contexts[spans[i].kids[j]] =
				operand(n, spans, &spans[i], contexts[i], j);
		if (n->op == FS_OP_TERM &&
		    out->terms[n->term].use != FS_USE_SET)
			out->terms[n->term] = term_use(
				rules, &v->terms[n->term], contexts[i]);
		note_complement(v, spans, &contexts[i], i, out);
	}
}

/* The root `a & b` with one side a lone known term, the other unknown. */
static size_t and_alone(const fs_value *v, const span *spans)
{
	if (v->nodes[0].op != FS_OP_AND)
		return FS_NONE;
	for (unsigned j = 0; j < 2; j++) {
		const fs_node *n = &v->nodes[spans[0].kids[j]];

		if (n->op == FS_OP_TERM && is_exact(&spans[spans[0].kids[j]]) &&
		    spans[spans[0].kids[!j]].unknown)
			return n->term;
	}
	return FS_NONE;
}

static int read_tree(const fs_rules *rules, const fs_value *v,
		     fs_reading *out)
{
	span *spans = calloc(v->nnodes, sizeof(span));
	context *contexts = calloc(v->nnodes, sizeof(context));
	size_t *stack = calloc(v->nnodes, sizeof(size_t));
	int res = -1;

	if (spans && contexts && stack) {
		res = 0;
		out->may = ~(uint64_t)0;
		out->unknown = 1;
		if (!build_spans(rules, v, spans, stack)) {
			hand_down(rules, v, spans, contexts, out);
			out->may = spans[0].may;
			out->must = spans[0].must;
			out->unknown = spans[0].unknown;
			out->alone = and_alone(v, spans);
		}
	}
	free(spans);
	free(contexts);
	free(stack);
	return res;
}

int fs_op_combines_flags(fs_op op)
{
	return op == FS_OP_OR || op == FS_OP_AND || op == FS_OP_XOR ||
	       op == FS_OP_ADD || op == FS_OP_SUB || op == FS_OP_NOT;
}

int fs_op_passes_result(fs_op op, unsigned operand)
{
	switch (op) {
	case FS_OP_OR:
	case FS_OP_AND:
	case FS_OP_XOR:
	case FS_OP_EITHER:
	case FS_OP_MAYBE:
		return 1;
	case FS_OP_COND:
		return operand > 0;
	default:
		return 0;
	}
}

int fs_value_reaches_unknown(const fs_rules *rules, const fs_value *value)
{
	fs_reading reading;
	int unknown;

	if (fs_read_value(rules, value, &reading))
		return -1;
	unknown = reading.unknown;
	fs_reading_free(&reading);
	return unknown;
}

int fs_read_value(const fs_rules *rules, const fs_value *value,
		  fs_reading *out)
{
	*out = (fs_reading){ value, NULL, 0, 0, 0, FS_NONE, 0, FS_NONE };
	out->terms = calloc(value->nterms + 1, sizeof(fs_term_use));
	if (!out->terms)
		return -1;
	/* No tree: a value the front end did not read, unknown. */
	if (!value->nodes || !value->nnodes) {
		out->unknown = 1;
		out->may = ~(uint64_t)0;
		return 0;
	}
	if (read_tree(rules, value, out)) {
		fs_reading_free(out);
		return -1;
	}
	return 0;
}

void fs_reading_free(fs_reading *reading)
{
	free(reading->terms);
	reading->terms = NULL;
}

size_t fs_reading_and_alone(const fs_reading *reading)
{
	return reading->alone;
}

int fs_reading_sets(const fs_reading *reading, size_t i, int always)
{
	const fs_term_use *u = &reading->terms[i];

	return u->use == FS_USE_SET && !(always && u->conditional);
}

int fs_reading_picks(const fs_reading *reading, size_t i)
{
	return reading->terms[i].picks;
}

int fs_reading_is_whole(const fs_reading *reading, size_t i)
{
	return fs_reading_sets(reading, i, 0) && reading->terms[i].whole;
}

int fs_reading_same_arm(const fs_reading *reading, size_t i, size_t j)
{
	const fs_term_use *a = &reading->terms[i], *b = &reading->terms[j];

	return fs_reading_sets(reading, i, 0) && fs_reading_sets(reading, j, 0) &&
	       a->conditional && a->arm && a->arm == b->arm;
}

const char *fs_reading_single_name(const fs_reading *reading)
{
	const fs_value *v = reading->value;

	if (v->nterms != 1 || reading->unknown || !v->terms[0].name ||
	    !fs_reading_sets(reading, 0, 1))
		return NULL;
	return v->terms[0].name;
}

/* mode_choice.c: a value of a multi-bit field or'ed onto one already
 * chosen (mode_choice.h). */
#include <stdlib.h>
#include <string.h>

#include "algebra.h"
#include "mode_choice.h"

/* The value's tree with its links: kids[3 * n + k], parent[n] (FS_NONE
 * for the root), and the field whose values count. */
typedef struct tree {
	const fs_rules *rules;
	const fs_value *v;
	size_t *kids;
	size_t *parent;
	const char *field;
} tree;

/* Links the prefix order, last node first (algebra.c's build_spans).
 * Returns 0, or -1 for an ill-formed tree. */
static int link_tree(tree *t, size_t *stack)
{
	const fs_value *v = t->v;
	size_t depth = 0;

	for (size_t i = v->nnodes; i-- > 0;) {
		const fs_node *n = &v->nodes[i];
		unsigned k = fs_op_arity(n->op);

		if ((unsigned)n->op >= FS_OP_COUNT || depth < k ||
		    (n->op == FS_OP_TERM && n->term >= v->nterms))
			return -1;
		for (unsigned j = 0; j < k; j++) {
			size_t kid = stack[--depth];

			t->kids[3 * i + j] = kid;
			t->parent[kid] = i;
		}
		stack[depth++] = i;
	}
	return depth == 1 ? 0 : -1;
}

/* The mask= field term i is a value of, or NULL. */
static const char *field_of(const fs_rules *rules, const fs_term *term)
{
	size_t m = term->name ? fs_model_member(rules, term->name) : FS_NONE;

	return m == FS_NONE ? NULL : rules->members.items[m].mask.text;
}

/* Whether node n holds a named value of the field on every path. */
static int is_chosen(const tree *t, size_t n)
{
	const fs_node *node = &t->v->nodes[n];
	const size_t *k = &t->kids[3 * n];
	const char *field;

	switch (node->op) {
	case FS_OP_TERM:
		field = field_of(t->rules, &t->v->terms[node->term]);
		return field && !strcmp(field, t->field);
	case FS_OP_OR:
		return is_chosen(t, k[0]) || is_chosen(t, k[1]);
	case FS_OP_EITHER:
		return is_chosen(t, k[0]) && is_chosen(t, k[1]);
	case FS_OP_COND:
		return is_chosen(t, k[1]) && is_chosen(t, k[2]);
	default:
		return 0;
	}
}

static size_t leaf_of(const fs_value *v, size_t term)
{
	for (size_t n = 0; n < v->nnodes; n++)
		if (v->nodes[n].op == FS_OP_TERM && v->nodes[n].term == term)
			return n;
	return FS_NONE;
}

/* Whether the leaf is set wherever the alternative of `top` it is in is
 * taken: only |, either and the arms of ?: between them. */
static int is_in_alternative(const tree *t, size_t top, size_t leaf)
{
	for (size_t n = leaf; n != top;) {
		size_t up = t->parent[n];
		fs_op op;

		if (up == FS_NONE)
			return 0;
		op = t->v->nodes[up].op;
		if (op != FS_OP_OR && op != FS_OP_EITHER &&
		    !(op == FS_OP_COND && t->kids[3 * up] != n))
			return 0;
		n = up;
	}
	return 1;
}

/* Whether leaf `added` is or'ed on some paths (under a maybe, through |
 * only) onto a chosen value that holds leaf `held` in an alternative. */
static int is_added(const tree *t, size_t added, size_t held)
{
	size_t n = added, maybe, onto;

	while ((n = t->parent[n]) != FS_NONE &&
	       t->v->nodes[n].op == FS_OP_OR)
		;
	if (n == FS_NONE || t->v->nodes[n].op != FS_OP_MAYBE)
		return 0;
	maybe = n;
	onto = t->parent[maybe];
	if (onto == FS_NONE || t->v->nodes[onto].op != FS_OP_OR)
		return 0;
	n = t->kids[3 * onto] == maybe ? t->kids[3 * onto + 1]
				       : t->kids[3 * onto];
	return is_chosen(t, n) && is_in_alternative(t, n, held);
}

static int check_tree(tree *t, size_t i, size_t j)
{
	size_t *stack = calloc(t->v->nnodes, sizeof(size_t));
	size_t li = leaf_of(t->v, i), lj = leaf_of(t->v, j);
	int res = 0;

	if (stack && li != FS_NONE && lj != FS_NONE && !link_tree(t, stack))
		res = is_added(t, lj, li) || is_added(t, li, lj);
	free(stack);
	return res;
}

int fs_mode_added_to_choice(const fs_rules *rules, const fs_value *value,
			    size_t i, size_t j)
{
	const char *field;
	tree t = { rules, value, NULL, NULL, NULL };
	int res = 0;

	if (i >= value->nterms || j >= value->nterms || !value->nodes)
		return 0;
	field = field_of(rules, &value->terms[i]);
	if (!field || !field_of(rules, &value->terms[j]) ||
	    strcmp(field, field_of(rules, &value->terms[j])))
		return 0;
	t.field = field;
	t.kids = calloc(3 * value->nnodes, sizeof(size_t));
	t.parent = malloc(value->nnodes * sizeof(size_t));
	if (t.kids && t.parent) {
		for (size_t n = 0; n < value->nnodes; n++)
			t.parent[n] = FS_NONE;
		res = check_tree(&t, i, j);
	}
	free(t.kids);
	free(t.parent);
	return res;
}

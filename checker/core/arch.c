/* arch.c: which architecture a target is, and the values names have there. */
#include <string.h>

#include "arch.h"

static int cpu_matches(const char *cpu, const char *word, size_t n)
{
	size_t len = strlen(cpu);

	if (len && cpu[len - 1] == '*')
		return n >= len - 1 && !memcmp(word, cpu, len - 1);
	return n == len && !memcmp(word, cpu, n);
}

size_t fs_arch_of_triple(const fs_rules *rules, const char *triple)
{
	size_t n;

	if (!triple)
		return FS_NONE;
	n = strcspn(triple, "-");
	for (size_t i = 0; i < rules->arches.count; i++) {
		const fs_words *cpus = &rules->arches.items[i].cpus;

		for (size_t k = 0; k < cpus->count; k++)
			if (cpu_matches(cpus->items[k].text, triple, n))
				return i;
	}
	return FS_NONE;
}

static size_t arch_entry(const fs_rules *rules, size_t m, size_t arch)
{
	if (arch == FS_NONE || m == FS_NONE)
		return FS_NONE;
	return fs_map_get(&rules->arches.items[arch].values,
			  rules->members.items[m].name);
}

int fs_member_is_on(const fs_rules *rules, size_t m, size_t arch)
{
	size_t v = arch_entry(rules, m, arch);

	return v == FS_NONE || !rules->arch_values.items[v].is_absent;
}

int64_t fs_member_value(const fs_rules *rules, size_t m, size_t arch)
{
	size_t v = arch_entry(rules, m, arch);

	return v == FS_NONE ? rules->members.items[m].value
			    : rules->arch_values.items[v].value;
}

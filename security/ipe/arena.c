// SPDX-License-Identifier: GPL-2.0
/*
 * IPE: the arena a parsed policy keeps its rules' properties in.
 *
 * Every property array and every property value of a policy comes from
 * one arena, filled in order and freed as a whole with the policy: no
 * per-rule slab objects, and no rounding of each one to a slab size.
 */

#include <linux/align.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "policy.h"

/*
 * Arena chunks double from the first size up to the last, so that a
 * policy of a few rules takes one small chunk and one of 200 000 rules
 * some fifty large ones. Every size is a power of two, which kmalloc()
 * hands out without rounding; a chunk larger than 4 KiB comes from
 * vmalloc() (no contiguous pages needed, and it shows in VmallocUsed).
 */
#define IPE_ARENA_FIRST_CHUNK	512
#define IPE_ARENA_KMALLOC_MAX	4096
#define IPE_ARENA_LAST_CHUNK	(256U << 10)
#define IPE_ARENA_ALIGN		sizeof(void *)

/**
 * ipe_arena_alloc() - take zeroed memory from an arena
 * @arena: the arena; all zeroes before its first use
 * @size: bytes wanted
 *
 * The memory is aligned for pointers and lives until ipe_arena_release().
 *
 * Context: process context; may sleep.
 * Return: the memory, or NULL when no chunk could be allocated.
 */
void *ipe_arena_alloc(struct ipe_arena *arena, size_t size)
{
	const size_t hdr = ALIGN(sizeof(void *), IPE_ARENA_ALIGN);
	size_t want, chunk_size;
	void **chunk;

	size = ALIGN(size, IPE_ARENA_ALIGN);
	if (arena->chunk && size <= arena->size - arena->used) {
		void *mem = (u8 *)arena->chunk + arena->used;

		arena->used += size;
		return mem;
	}

	if (check_add_overflow(size, hdr, &want))
		return NULL;
	chunk_size = arena->size ? 2 * arena->size : IPE_ARENA_FIRST_CHUNK;
	chunk_size = min_t(size_t, chunk_size, IPE_ARENA_LAST_CHUNK);
	if (chunk_size < want) {
		if (want > SIZE_MAX / 2)
			return NULL;
		chunk_size = roundup_pow_of_two(want);
	}
	if (chunk_size <= IPE_ARENA_KMALLOC_MAX)
		chunk = kzalloc(chunk_size, GFP_KERNEL | __GFP_NOWARN);
	else
		chunk = __vmalloc(chunk_size,
				  GFP_KERNEL | __GFP_ZERO | __GFP_NOWARN);
	if (!chunk)
		return NULL;
	*chunk = arena->chunk;
	arena->chunk = chunk;
	arena->size = chunk_size;
	arena->used = want;
	arena->total += chunk_size;
	return (u8 *)chunk + hdr;
}

/**
 * ipe_arena_release() - free every chunk of an arena
 * @arena: the arena; all zeroes again afterwards
 */
void ipe_arena_release(struct ipe_arena *arena)
{
	void *chunk = arena->chunk;

	while (chunk) {
		void *prev = *(void **)chunk;

		kvfree(chunk);
		chunk = prev;
	}
	memset(arena, 0, sizeof(*arena));
}

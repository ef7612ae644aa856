// SPDX-License-Identifier: GPL-2.0
/*
 * ipe_hello: a static marker binary; the tests copy it where IPE should
 * or should not let it run. Prints "hello from ipe_hello".
 */
#include <stdio.h>

int main(void)
{
	puts("hello from ipe_hello");
	return 0;
}

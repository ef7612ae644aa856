// SPDX-License-Identifier: GPL-2.0
/*
 * A module for the IPE selftests: loading it is a KMODULE event, and with
 * fw=NAME it requests that firmware at load time (a FIRMWARE event); the
 * load then fails with request_firmware()'s error when IPE refuses it.
 */
#include <linux/firmware.h>
#include <linux/init.h>
#include <linux/module.h>

static char *fw;
module_param(fw, charp, 0);
MODULE_PARM_DESC(fw, "firmware file to request at load time");

static int __init ipe_test_mod_init(void)
{
	const struct firmware *blob;
	int rc;

	if (!fw)
		return 0;
	rc = request_firmware(&blob, fw, NULL);
	if (rc)
		return rc;
	pr_info("ipe_test_mod: firmware %s: %zu bytes\n", fw, blob->size);
	release_firmware(blob);
	return 0;
}

static void __exit ipe_test_mod_exit(void)
{
}

module_init(ipe_test_mod_init);
module_exit(ipe_test_mod_exit);
MODULE_DESCRIPTION("IPE selftest module");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * A module for the IPE selftests: loading it is a KMODULE event, and with
 * fw=NAME it requests that firmware at load time (a FIRMWARE event); the
 * load then fails with request_firmware()'s error when IPE refuses it.
 * With partial=1 it reads only part of the firmware file (bytes 1 to 8,
 * request_partial_firmware_into_buf()), which the kernel shows to the
 * kernel_read_file hook but not to kernel_post_read_file.
 */
#include <linux/device.h>
#include <linux/firmware.h>
#include <linux/init.h>
#include <linux/module.h>

static char *fw;
module_param(fw, charp, 0);
MODULE_PARM_DESC(fw, "firmware file to request at load time");
static bool partial;
module_param(partial, bool, 0);
MODULE_PARM_DESC(partial, "request bytes 1 to 8 of the firmware only");

static int __init ipe_test_mod_init(void)
{
	const struct firmware *blob;
	char part[8];
	int rc;

	if (!fw)
		return 0;
	if (partial) {
		/* a partial request looks up the device's firmware cache */
		struct device *dev = root_device_register("ipe_test_mod");

		if (IS_ERR(dev))
			return PTR_ERR(dev);
		rc = request_partial_firmware_into_buf(&blob, fw, dev, part,
						       sizeof(part), 1);
		root_device_unregister(dev);
	} else {
		rc = request_firmware(&blob, fw, NULL);
	}
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

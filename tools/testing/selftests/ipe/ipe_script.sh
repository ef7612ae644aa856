#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
echo "hello from a script"

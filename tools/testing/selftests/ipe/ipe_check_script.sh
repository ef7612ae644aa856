#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run by ipe_interp as by sh: it understands echo and comments.
echo hello from a checked script

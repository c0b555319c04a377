/* SPDX-License-Identifier: MIT */
/*
 * fuzz_model.c: libFuzzer target for the result model's reader. The input
 * is a JSON document; whatever model_read() accepts is then reported in
 * every format (to /dev/null), so that a document that passes the checks
 * cannot make a report read out of bounds.
 */
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#include "report/report.h"
#include "result/model.h"
#include "util/banned.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct workload w;
	struct result res;
	json_error_t je;
	json_t *doc = json_loadb((const char *)data, size, 0, &je);
	char err[1024];

	if (!null)
		null = fopen("/dev/null", "w");
	if (!doc)
		return 0;
	if (!model_read(doc, &w, &res, err, sizeof(err))) {
		report_text(null, &w, &res);
		report_json(null, &w, &res);
		report_fio_json(null, &w, &res, 1, true);
		report_series_csv(null, &w, &res);
	}
	workload_release(&w);
	result_release(&res);
	json_decref(doc);
	return 0;
}

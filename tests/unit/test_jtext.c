/* SPDX-License-Identifier: MIT */
/* Description: JSON text from any bytes: valid UTF-8 kept, every other byte and '\\' as \xHH; and back, exactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report/jtext.h"

/* json_text(in) must be the string want. */
static void expect(const char *in, const char *want)
{
	json_t *j = json_text(in);

	assert_non_null(j);
	assert_true(json_is_string(j));
	assert_string_equal(json_string_value(j), want);
	json_decref(j);
}

static void test_valid(void **state)
{
	(void)state;
	expect("plain/path.dat", "plain/path.dat");
	expect("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	expect("", "");
	assert_true(json_is_null(json_text(NULL)));
}

static void test_invalid(void **state)
{
	(void)state;
	expect("bad\xffname", "bad\\xffname");			/* a byte that starts nothing */
	expect("\xc0\xaf", "\\xc0\\xaf");			/* an overlong '/' */
	expect("\xed\xa0\x80", "\\xed\\xa0\\x80");		/* a UTF-16 surrogate */
	expect("cut\xe2\x82", "cut\\xe2\\x82");			/* a sequence cut short */
	expect("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80");	/* past U+10FFFF */
	expect("ok\xc3\xa9\x80", "ok\xc3\xa9\\x80");		/* a stray continuation byte */
	/* a backslash that begins the form too, so that "a\xff" spelled out and a with the
	   byte 0xff differ; any other is itself (Windows' paths) */
	expect("a\\xff", "a\\x5cxff");
	expect("C:\\Temp\\io.dat", "C:\\Temp\\io.dat");
	expect("C:\\xa\\x1g\\", "C:\\xa\\x1g\\");
	expect("C:\\x41b", "C:\\x5cx41b");
	expect("a\xff", "a\\xff");
}

/* Decoding gives back the bytes; a NUL, which jtext_json() never writes, is refused. */
static void test_decode(void **state)
{
	const char *in[] = { "plain", "bad\xffname", "a\\xff", "caf\xc3\xa9\x80", "\\", "",
			     "C:\\Temp\\x41\\io.dat", "\\\\x41", "\\x5c" };
	bool bad;
	char *s;

	(void)state;
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		json_t *j = json_text(in[i]);

		s = jtext_decode(json_string_value(j), &bad);
		assert_non_null(s);
		assert_string_equal(s, in[i]);
		free(s);
		json_decref(j);
	}
	/* a backslash that begins no \xHH is itself (documents before wrote every one as \x5c) */
	for (size_t i = 0; i < 4; i++) {
		const char *lit[] = { "a\\q", "a\\x0", "end\\", "C:\\x5cio.dat" };
		const char *want[] = { "a\\q", "a\\x0", "end\\", "C:\\io.dat" };

		s = jtext_decode(lit[i], &bad);
		assert_non_null(s);
		assert_string_equal(s, want[i]);
		free(s);
	}
	assert_null(jtext_decode("a\\x00b", &bad));	/* a NUL would cut the text */
	assert_true(bad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_invalid),
		cmocka_unit_test(test_decode),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

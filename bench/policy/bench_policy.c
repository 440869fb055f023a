/* bench_policy.c -- decisions per second of the policy engine for a
 * realistic 20-rule Box policy (tests/policy/data/bench20.dw) and a
 * generated 1,000-rule policy, plus load+validation time.
 * Usage: bench_policy [path/to/bench20.dw]  (default: $top_srcdir/tests/policy/data/bench20.dw) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "broker/policy/policy.h"

/* CPU time of this process: the figures stay meaningful on a busy machine. */
static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	size_t cap = 1 << 16, n = 0, k;
	char *buf = malloc(cap);
	while ((k = fread(buf + n, 1, cap - n, f)) > 0) {
		n += k;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	*len = n;
	return buf;
}

struct req {
	const char *action;
	const char *input;
	json_object *json;
};

static struct req requests[] = {
	{ "fs:read", "{\"path\":\"~/src/project/src/main.c\",\"operation\":\"read_content\"}", NULL },
	{ "fs:read", "{\"path\":\"~/.ssh/id_ed25519\",\"operation\":\"read_content\"}", NULL },
	{ "fs:write", "{\"path\":\"~/src/project/out/report.txt\",\"operation\":\"write_content\"}", NULL },
	{ "fs:read", "{\"path\":\"/usr/lib/python3/os.py\",\"operation\":\"read_metadata\"}", NULL },
	{ "net:connect", "{\"host\":\"api.github.com\",\"port\":443}", NULL },
	{ "http:request", "{\"host\":\"api.github.com\",\"port\":443,\"method\":\"GET\",\"path\":\"/zen\","
	  "\"body_bytes\":0,\"intercepted\":true}", NULL },
	{ "shell:exec", "{\"command\":\"git status\",\"program\":\"git\",\"arg1\":\"status\",\"arg_count\":1,"
	  "\"cwd\":\"~/src/project\"}", NULL },
	{ "fs:delete", "{\"path\":\"~/Downloads/x.zip\",\"operation\":\"remove_file\"}", NULL },
};
enum { NREQ = sizeof requests / sizeof requests[0] };

static double bench_decisions(const struct policy *p, long iterations)
{
	char err[256];
	long allow = 0;
	double t0 = now_s();
	for (long i = 0; i < iterations; i++) {
		struct req *r = &requests[i % NREQ];
		struct policy_decision d;
		if (policy_decide(p, r->action, r->json, &d, err, sizeof err) != 0) {
			fprintf(stderr, "bench: %s\n", err);
			exit(1);
		}
		allow += d.allow;
		policy_decision_clear(&d);
	}
	double dt = now_s() - t0;
	if (allow < 0)
		puts("");
	return dt / (double)iterations;
}

static char *generate_policy(int rules, size_t *len)
{
	static const char *const actions[] = { "fs:read", "fs:write", "fs:delete", "fs:move",
	                                       "net:connect", "http:request", "shell:exec" };
	size_t cap = (size_t)rules * 256 + 1;
	char *buf = malloc(cap);
	size_t n = 0;
	for (int i = 0; i < rules; i++) {
		int a = i % 7;
		const char *effect = i % 10 == 9 ? "forbid" : "permit";
		if (a <= 3)
			n += (size_t)snprintf(buf + n, cap - n,
			        "@id(\"r%d\") %s(principal, action == Box::Action::\"%s\", resource) when "
			        "{ context.input.path like \"~/project%d/*\" || context.input.path == \"~/file%d\" };\n",
			        i, effect, actions[a], i, i);
		else if (a == 4)
			n += (size_t)snprintf(buf + n, cap - n,
			        "@id(\"r%d\") %s(principal, action == Box::Action::\"net:connect\", resource) when "
			        "{ context.input.host == \"host%d.example.com\" && context.input.port == 443 };\n", i, effect, i);
		else if (a == 5)
			n += (size_t)snprintf(buf + n, cap - n,
			        "@id(\"r%d\") %s(principal, action == Box::Action::\"http:request\", resource) when "
			        "{ context.input.host == \"host%d.example.com\" && context.input.path like \"/api/v%d/*\" };\n",
			        i, effect, i, i);
		else
			n += (size_t)snprintf(buf + n, cap - n,
			        "@id(\"r%d\") %s(principal, action == Box::Action::\"shell:exec\", resource) when "
			        "{ [\"tool%d\", \"tool%da\"].contains(context.input.program) };\n", i, effect, i, i);
	}
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	char path[4096], err[1024];
	const char *src = getenv("top_srcdir");
	if (argc > 1)
		snprintf(path, sizeof path, "%s", argv[1]);
	else
		snprintf(path, sizeof path, "%s/tests/policy/data/bench20.dw", src ? src : ".");
	size_t len;
	char *text = read_all(path, &len);
	if (text == NULL) {
		fprintf(stderr, "bench: cannot read %s\n", path);
		return 1;
	}
	for (int i = 0; i < NREQ; i++)
		requests[i].json = json_tokener_parse(requests[i].input);

	int loads = 2000;
	double t0 = now_s();
	for (int i = 0; i < loads; i++) {
		struct policy *p = policy_load_text(text, len, path, "/home/dev", err, sizeof err);
		if (p == NULL) {
			fprintf(stderr, "bench: %s\n", err);
			return 1;
		}
		policy_free(p);
	}
	double load20 = (now_s() - t0) / loads;

	struct policy *p20 = policy_load_text(text, len, path, "/home/dev", err, sizeof err);
	double d20 = bench_decisions(p20, 2000000);

	if (getenv("BENCH_ONLY_20")) {
		printf("decision, 20 rules:    %8.3f us/decision\n", d20 * 1e6);
		return 0;
	}
	size_t glen;
	char *gen = generate_policy(1000, &glen);
	t0 = now_s();
	struct policy *p1000 = policy_load_text(gen, glen, "generated", "/home/dev", err, sizeof err);
	double load1000 = now_s() - t0;
	if (p1000 == NULL) {
		fprintf(stderr, "bench: %s\n", err);
		return 1;
	}
	double d1000 = bench_decisions(p1000, 200000);

	printf("policy load+validation, 20 rules:    %8.1f us\n", load20 * 1e6);
	printf("policy load+validation, 1000 rules:  %8.1f us\n", load1000 * 1e6);
	printf("decision, 20 rules:    %8.3f us/decision  %10.0f decisions/s\n", d20 * 1e6, 1 / d20);
	printf("decision, 1000 rules:  %8.3f us/decision  %10.0f decisions/s\n", d1000 * 1e6, 1 / d1000);
	policy_free(p20);
	policy_free(p1000);
	free(gen);
	free(text);
	for (int i = 0; i < NREQ; i++)
		json_object_put(requests[i].json);
	return 0;
}

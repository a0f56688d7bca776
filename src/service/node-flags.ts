/**
 * The flags Node runs the stand-alone service with: package.json's `service` and `service:built`
 * scripts, the commands of docs/operations.md, and the benchmarks' servers, which measure the
 * service as it is run. (`--instances` workers inherit them.)
 *
 * `--max-semi-space-size=64`: a young generation of 64 MiB semi-spaces, where Node 20's default
 * stops at 16. Under load a request's objects live until its batch is committed, about a
 * millisecond; in the smaller young generation a scavenge came round before that, copied them and
 * promoted many to the old generation, whose collection costs more. Measured in paired slices
 * (docs/benchmarks.md): a create 11 % less CPU, a cached status read 3 %, for about 55 MiB more
 * memory under load; the bare-server ceiling gains nothing.
 *
 * `--no-allocation-site-pretenuring`: V8 otherwise watches which object literals' objects
 * survive scavenges and, past a threshold, allocates that literal's objects straight in the old
 * generation. A run of creates (objects living until their batch commits) tipped three literals
 * over; afterwards, in status reads whose objects die young, each of those dead old objects kept
 * the young objects it pointed at alive until the next full collection: every scavenge of a cold
 * sweep promoted 850 KB instead of 260 KB, and 5 KB without pretenuring (`--trace-gc-nvp`,
 * docs/benchmarks.md): a cold read 3-8 % less CPU, creates and cached reads the same.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=64',
  '--no-allocation-site-pretenuring',
];

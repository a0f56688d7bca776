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
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

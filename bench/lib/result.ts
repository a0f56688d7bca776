/** What every benchmark module returns; run.ts prints these as one table. */
export interface Result {
  /** Module that produced it, e.g. `service-http`. run.ts fills it in. */
  benchmark?: string;
  /** The case measured, e.g. `payment-status read`. */
  name: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Responses outside 2xx; any non-zero count makes the run fail. */
  non2xx: number;
  /** Connection errors and timeouts; any non-zero count makes the run fail. */
  errors: number;
  /** requestsPerSec divided by the ceiling's, when the module measures a ceiling. */
  ratioToCeiling?: number;
  /** Minimum ratio to the ceiling this case should reach (by requests/s unless `targetBy`). */
  targetRatio?: number;
  /**
   * What `targetRatio` is a ratio of: requests/s (`rate`, the default), or server CPU per
   * request (`cpu`), which holds steady when other processes load the machine.
   */
  targetBy?: 'rate' | 'cpu';
  /** CPU used by the process under load during the measured window (100 = one core). */
  serverCpuPercent?: number;
  /** CPU used by the load generator (this process) during the same window. */
  loaderCpuPercent?: number;
  /**
   * Server CPU time per completed request, in µs. Unlike requests/s it barely moves when other
   * processes compete for the cores, so it is the steadier measure on a shared machine.
   */
  serverCpuMicrosPerRequest?: number;
  /** The ceiling's CPU µs per request divided by this case's: the capacity ratio by CPU cost. */
  cpuRatioToCeiling?: number;
}

/** A single measured figure (latency, rate, memory) with its target, for non-load benchmarks. */
export interface Figure {
  benchmark?: string;
  name: string;
  value: number;
  unit: string;
  /** Decimals to print (default: 2 below 10, else none). */
  digits?: number;
  /** The figure must be at most (`<=`) or at least (`>=`) this. */
  target?: { op: '<=' | '>='; value: number };
}

export const figureMet = (f: Figure): boolean | undefined =>
  f.target === undefined
    ? undefined
    : f.target.op === '<='
      ? f.value <= f.target.value
      : f.value >= f.target.value;

export interface BenchModule {
  /** Name used by `--only`; the module's file name without `.ts`. */
  name: string;
  /** Load benchmarks: throughput and latency under a fixed concurrency. */
  run?(): Promise<Result[]>;
  /** Other benchmarks: a list of figures. */
  figures?(): Promise<Figure[]>;
}

/** The ratio a case's target is set on (`targetBy`). */
export const targetedRatio = (r: Result): number | undefined =>
  r.targetBy === 'cpu' ? r.cpuRatioToCeiling : r.ratioToCeiling;

export const targetMet = (r: Result): boolean | undefined => {
  const ratio = targetedRatio(r);
  return r.targetRatio === undefined || ratio === undefined ? undefined : ratio >= r.targetRatio;
};

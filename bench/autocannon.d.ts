// autocannon ships no type definitions; this covers the part the benchmarks use.
declare module 'autocannon' {
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface RequestSpec extends RequestParams {
    /** Called before each request: answers the request to send. */
    setupRequest?: (request: RequestParams) => RequestParams;
    onResponse?: (status: number, body: string) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
  }
  export interface Histogram {
    average: number;
    p50: number;
    p95?: number;
    p97_5: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    /** Seconds the run took. */
    duration: number;
    errors: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
  }
  /** The running benchmark: a promise of its result that also reports each response. */
  export interface Instance extends Promise<Result> {
    /** Each response as it arrives; `responseTime` in ms, measured by autocannon itself. */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }
  export default function autocannon(options: Options): Instance;
}

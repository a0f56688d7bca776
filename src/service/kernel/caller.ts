/** Who is calling: the environment a secret selects, and a merchant or one of its terminals. */
export type Environment = 'sandbox' | 'production';

export type Caller =
  | { kind: 'merchant'; merchantId: string; environment: Environment }
  | {
      kind: 'terminal';
      merchantId: string;
      environment: Environment;
      terminalId: string;
      storeId: string;
    };

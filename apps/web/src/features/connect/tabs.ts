/** Connect's tabs, the one in the URL's `tab` parameter (discover, the first, when it names none). */
export const CONNECT_TABS = ['discover', 'requests', 'connections', 'trips'] as const;
export type ConnectTab = (typeof CONNECT_TABS)[number];

export const tabOf = (value: string | null): ConnectTab => CONNECT_TABS.find((tab) => tab === value) ?? 'discover';

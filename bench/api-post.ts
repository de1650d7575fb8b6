/** A JSON POST to a running Tolk, as a member (bearer token) or a guest; anything but 2xx throws with the body. */
export async function apiPost<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

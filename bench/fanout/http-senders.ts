// Fan-out bench HTTP senders: POSTs from distinct loopback addresses over keep-alive agents.
import http from 'node:http';

/**
 * Senders' POSTs to the server on `port`: one keep-alive agent per loopback address, at most 100
 * muses per address (127.0.x.y, all of 127/8 is loopback on Linux), so the per-address limit on
 * sending muses is not what is measured.
 */
export function httpSenders(port: number) {
  const agents = new Map<string, http.Agent>();
  const sentBy = new Map<number, number>();
  function agentFor(sender: number): http.Agent {
    const nth = sentBy.get(sender) ?? 0;
    sentBy.set(sender, nth + 1);
    const slot = sender * 1000 + Math.floor(nth / 100);
    const address = `127.${1 + Math.floor(slot / 62_500)}.${Math.floor(slot / 250) % 250}.${1 + (slot % 250)}`;
    let agent = agents.get(address);
    if (!agent) agents.set(address, (agent = new http.Agent({ keepAlive: true, localAddress: address })));
    return agent;
  }
  /** POSTs `body` as client `sender` (its index among all clients); resolves to the status code. */
  function post(sender: number, url: string, token: string, body: object): Promise<number> {
    const agent = agentFor(sender);
    const json = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(json),
            authorization: `Bearer ${token}`,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            resolve(response.statusCode ?? 0);
          });
        },
      );
      request.on('error', reject);
      request.end(json);
    });
  }
  const destroy = () => {
    for (const agent of agents.values()) agent.destroy();
  };
  return { post, destroy };
}

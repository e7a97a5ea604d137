import { describe, expect, it } from 'vitest';
import { requestTimes } from './metrics';

const NAME = 'quickbuy_http_request_duration_seconds';

describe('the reply-time histogram', () => {
  it('counts a reply in every bucket from the first bound it fits, its bound included; a slower one only in +Inf', () => {
    const times = requestTimes();
    for (const seconds of [0.005, 0.0051, 2.5, 11]) times.observe('GET', '/api/devices', 200, seconds);
    const lines = times.text().split('\n');
    const bucket = (le: string) =>
      lines
        .find((l) => l.includes(`le="${le}"`))!
        .split(' ')
        .at(-1);
    expect([bucket('0.005'), bucket('0.01'), bucket('1'), bucket('2.5'), bucket('10'), bucket('+Inf')]).toEqual([
      '1',
      '2',
      '2',
      '3',
      '3',
      '4',
    ]);
    expect(lines).toContain(`${NAME}_count{method="GET",route="/api/devices",status_code="200"} 4`);
    expect(lines).toContain(
      `${NAME}_sum{method="GET",route="/api/devices",status_code="200"} ${0.005 + 0.0051 + 2.5 + 11}`,
    );
  });

  it('keeps a series for each route, method and status', () => {
    const times = requestTimes();
    times.observe('GET', '/api/devices', 200, 0.001);
    times.observe('GET', '/api/devices', 304, 0.001);
    times.observe('HEAD', '/api/devices', 200, 0.001);
    times.observe('GET', '/api/home', 200, 0.001);
    times.observe('GET', '/api/home', 200, 0.001);
    const counts = times
      .text()
      .split('\n')
      .filter((l) => l.startsWith(`${NAME}_count`));
    expect(counts).toEqual([
      `${NAME}_count{method="GET",route="/api/devices",status_code="200"} 1`,
      `${NAME}_count{method="GET",route="/api/devices",status_code="304"} 1`,
      `${NAME}_count{method="HEAD",route="/api/devices",status_code="200"} 1`,
      `${NAME}_count{method="GET",route="/api/home",status_code="200"} 2`,
    ]);
  });

  it('writes its HELP and TYPE before any reply, and escapes a backslash, a quote and a line feed in a label', () => {
    const times = requestTimes();
    expect(times.text()).toMatch(new RegExp(`^# HELP ${NAME} .+\n# TYPE ${NAME} histogram\n$`));
    times.observe('GET', '/a\\b"c\nd', 200, 0.001);
    expect(times.text()).toContain(`${NAME}_count{method="GET",route="/a\\\\b\\"c\\nd",status_code="200"} 1\n`);
  });
});

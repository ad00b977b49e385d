/**
 * The mocks' contract with the server: the shared fixtures answer as the server's response schemas say,
 * and every answer any component test's mock gives is held to the same schemas (helpers.ts `mockApi`).
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { inject } from 'vitest';
import { judged, ok, scopes, summary } from './boards/fixtures';
import { answerProblems, routeFor } from './contract';
import { holdToContract } from './helpers';
import { approvalDetail, change, flow, page, point, priorityDictionary, priorityNames } from './moc-fixtures';

const contracts = inject('routeContracts');

describe('mock fixtures against the server’s response schemas', () => {
  it('knows the server’s routes, a static segment before a parameter', () => {
    expect(routeFor(contracts, 'GET', '/api/alarm/op/update/points')?.url).toBe('/api/alarm/op/update/points');
    expect(routeFor(contracts, 'GET', '/api/alarm/op/update/12')?.url).toBe('/api/alarm/op/update/:id');
    expect(routeFor(contracts, 'POST', '/api/userinfo')?.responses).toHaveProperty('200');
  });

  it.each([
    ['GET', '/api/kpi/summary', ok(summary())],
    ['GET', '/api/alarm/board/over/scopes', ok(scopes)],
    ['GET', '/api/alarm/op/update/12', ok(change)],
    ['GET', '/api/alarm/op/update/points', page([point])],
    ['GET', '/api/alarm/op/working/points', page([point])],
    ['GET', '/api/alarm/approve/list/31', ok(approvalDetail)],
    ['GET', '/api/alarm/base/examine/config/1', ok(flow)],
    ['GET', '/api/alarm/op/update/priorities', ok(priorityNames)],
  ])('the shared fixture of %s %s matches', (method, path, body) => {
    expect(routeFor(contracts, method, path), 'the server has this route').toBeDefined();
    expect(answerProblems(contracts, method, path, 200, body)).toEqual([]);
  });

  it('holds a board’s judged figures to the board’s schema', () => {
    const over = ok({
      summary: summary(),
      ...judged,
      openAbnormal: 7,
      overloadThreshold: 10,
      priorities: [],
      priorityMismatches: 0,
    });
    expect(answerProblems(contracts, 'GET', '/api/alarm/board/over', 200, over)).toEqual([]);
  });

  it('names a wrong type, a missing field and a field the server never sends', () => {
    const { peak10Min: _dropped, ...rest } = summary();
    const problems = answerProblems(
      contracts,
      'GET',
      '/api/kpi/summary',
      200,
      ok({ ...rest, annunciations: '360', note: 'x' }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^GET \/api\/kpi\/summary \(\/api\/kpi\/summary\) \/data\/annunciations: must be integer/,
        ),
        expect.stringMatching(/\/data: must have required properties? .*peak10Min/),
        expect.stringMatching(/\/data: must not have additional properties/),
      ]),
    );
  });

  it('names a refusal answered with HTTP 200, which the server never sends', () => {
    expect(
      answerProblems(contracts, 'DELETE', '/api/alarm/mock/batches/7', 200, { code: 1, msg: '不存在', data: null }),
    ).toEqual([
      'DELETE /api/alarm/mock/batches/7 (/api/alarm/mock/batches/:id): a refusal answered with HTTP 200; the server sends 4xx or 5xx',
    ]);
  });

  it('leaves refusals and answers without a JSON schema alone', () => {
    expect(answerProblems(contracts, 'GET', '/api/kpi/summary', 500, { code: 500, msg: '错误', data: null })).toEqual(
      [],
    );
    expect(answerProblems(contracts, 'GET', '/api/alarm/board/over/export', 200, 'PK')).toEqual([]);
  });

  it('catches a drifted answer of a running mock', async () => {
    const server = setupServer(
      ...priorityDictionary,
      http.get('/api/alarm/board/over/scopes', () => HttpResponse.json(ok({ ...scopes, units: [1] }))),
    );
    const contract = holdToContract(server);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await fetch(new URL('/api/alarm/op/working/priorities', window.location.href));
      await fetch(new URL('/api/alarm/board/over/scopes', window.location.href));
      expect(await contract.take()).toEqual([
        expect.stringContaining(
          'GET /api/alarm/board/over/scopes (/api/alarm/board/over/scopes) /data/units/0: must be string',
        ),
      ]);
    } finally {
      server.close();
    }
  });
});

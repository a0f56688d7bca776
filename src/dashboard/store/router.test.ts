import { describe, expect, it } from 'vitest';
import { areaOf, createRouter, pathOf } from './router';

describe('the dashboard router', () => {
  it('reads the area from the address', () => {
    expect(areaOf('/dashboard')).toBe('');
    expect(areaOf('/dashboard/')).toBe('');
    expect(areaOf('/dashboard/payments')).toBe('payments');
    expect(areaOf('/dashboard/webhooks/')).toBe('webhooks');
    expect(areaOf('/dashboard/payments/extra')).toBe('payments');
    expect(areaOf('/elsewhere')).toBe('');
    expect(pathOf('terminals')).toBe('/dashboard/terminals');
  });

  it('pushes a history entry per move and follows the browser back', () => {
    const location = { pathname: '/dashboard', search: '' };
    const pushed: string[] = [];
    const router = createRouter(location, {
      pushState: (_data, _unused, url) => {
        pushed.push(url);
        location.pathname = url;
      },
      replaceState: () => {},
    });
    expect(router.store.getState().area).toBe('');
    router.navigate('payments');
    router.navigate('payments'); // already there: no second entry
    router.navigate('webhooks');
    expect(pushed).toEqual(['/dashboard/payments', '/dashboard/webhooks']);
    expect(router.store.getState().area).toBe('webhooks');
    location.pathname = '/dashboard/payments'; // the back button
    router.sync();
    expect(router.store.getState().area).toBe('payments');
  });

  it('keeps an area’s view in the query, replaced in place', () => {
    const location = { pathname: '/dashboard/payments', search: '?status=COMPLETED' };
    const replaced: string[] = [];
    const router = createRouter(location, {
      pushState: () => {},
      replaceState: (_data, _unused, url) => {
        replaced.push(url);
        const [path, query = ''] = url.split('?');
        location.pathname = path!;
        location.search = query ? `?${query}` : '';
      },
    });
    expect(router.store.getState()).toEqual({
      area: 'payments',
      sub: '',
      query: 'status=COMPLETED',
    });
    router.setQuery({ status: 'COMPLETED' }); // unchanged: no history call
    router.setQuery({ status: 'FAILED', page: '2' });
    router.setQuery({ status: undefined, page: '' });
    expect(replaced).toEqual(['/dashboard/payments?status=FAILED&page=2', '/dashboard/payments']);
    expect(router.store.getState().query).toBe('');
  });
});

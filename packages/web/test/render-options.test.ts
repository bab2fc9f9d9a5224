import { describe, expect, it } from 'vitest';
import { renderControlValuesOf } from '../src/embed/render-options.js';
import { routeOf } from '../src/routing/routes.js';

describe('the render page', () => {
  it('is its own route, for a public id', () => {
    expect(routeOf('/render/dashboard/AbCdEf123456')).toEqual({
      page: 'renderDashboard',
      publicId: 'AbCdEf123456',
    });
    expect(routeOf('/render/dashboard/short')).toEqual({ page: 'notFound' });
  });

  it("reads the notification's control values from the fragment, beside the token", () => {
    const values = {
      filters: { status: { member: 'orders.status', operator: 'equals', values: ['returned'] } },
      timeGrains: { grain: 'year' },
    };
    const hash = `#${new URLSearchParams({ token: 'a.b.c', render: JSON.stringify(values) }).toString()}`;
    expect(renderControlValuesOf(hash)).toEqual(values);
  });

  it('renders the defaults for a fragment without values, or with values it cannot read', () => {
    expect(renderControlValuesOf('#token=a.b.c')).toEqual({});
    expect(renderControlValuesOf('#render=%7Bnot-json')).toEqual({});
    expect(renderControlValuesOf('#render=%5B1%5D')).toEqual({});
    expect(renderControlValuesOf(`#render=${encodeURIComponent('{"filters":3}')}`)).toEqual({
      filters: {},
      timeGrains: {},
    });
  });
});

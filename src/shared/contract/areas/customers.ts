/** Customers: create, list, read and update the merchant's customers. */
import * as customers from '../customers';
import { route, type RouteDef } from '../route-def';

export const customersContract = {
  createCustomer: route({
    method: 'post',
    idempotent: true,
    path: '/api/customers',
    tag: 'Customers',
    auth: 'merchant',
    summary: 'Create a customer',
    body: customers.CustomerCreate,
    status: 201,
    response: customers.Customer,
    errors: [400, 409],
  }),
  listCustomers: route({
    method: 'get',
    path: '/api/customers',
    tag: 'Customers',
    auth: 'merchant',
    summary: 'List customers',
    query: customers.CustomerListQuery,
    description: 'Filter with metadata[key]=value (deepObject); a key given twice is a 400.',
    status: 200,
    response: customers.CustomerPage,
    errors: [400],
  }),
  getCustomer: route({
    method: 'get',
    path: '/api/customers/{customerId}',
    tag: 'Customers',
    auth: 'merchant',
    summary: 'Get a customer',
    params: customers.CustomerIdParams,
    status: 200,
    response: customers.Customer,
    errors: [400, 404],
  }),
  updateCustomer: route({
    method: 'put',
    path: '/api/customers/{customerId}',
    tag: 'Customers',
    auth: 'merchant',
    summary: 'Update a customer',
    params: customers.CustomerIdParams,
    body: customers.CustomerUpdate,
    status: 200,
    response: customers.Customer,
    errors: [400, 404, 409],
  }),
} as const satisfies Record<string, RouteDef>;

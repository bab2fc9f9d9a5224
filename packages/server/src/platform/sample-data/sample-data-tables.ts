/**
 * Row shapes of the sample data set and how each maps onto a DuckDB column. Money is kept in integer
 * cents and instants in epoch milliseconds so sums are exact (payments equal order totals to the cent)
 * and two generations compare byte for byte; the loader turns them into DECIMAL and TIMESTAMP.
 */

export const orderStatuses = ['completed', 'returned', 'cancelled', 'pending', 'shipped'] as const;
export const orderChannels = ['web', 'store', 'app'] as const;
export const paymentMethods = ['card', 'paypal', 'gift_card', 'bank_transfer'] as const;
export const customerSegments = ['consumer', 'small_business', 'corporate'] as const;

export type OrderStatus = (typeof orderStatuses)[number];
export type OrderChannel = (typeof orderChannels)[number];
export type PaymentMethod = (typeof paymentMethods)[number];
export type CustomerSegment = (typeof customerSegments)[number];

export interface StoreRow {
  id: number;
  name: string;
  city: string;
  country: string;
  /** Epoch milliseconds at midnight UTC; the column is a DATE. */
  openedAt: number;
}

export interface ProductRow {
  id: number;
  name: string;
  category: string;
  brand: string;
  priceCents: number;
  costCents: number;
}

export interface CustomerRow {
  id: number;
  firstName: string;
  lastName: string;
  /** Null for some walk-in store customers, who never gave one. */
  email: string | null;
  /** Null when the customer did not fill in an address. */
  city: string | null;
  country: string;
  signedUpAt: number;
  segment: CustomerSegment;
}

export interface OrderRow {
  id: number;
  customerId: number;
  /** Null for web and app orders, which no store took. */
  storeId: number | null;
  status: OrderStatus;
  channel: OrderChannel;
  orderedAt: number;
  /** Null while pending and for cancelled orders. */
  shippedAt: number | null;
}

export interface OrderItemRow {
  id: number;
  orderId: number;
  productId: number;
  quantity: number;
  unitPriceCents: number;
  /** The discount on the whole line, in cents. */
  discountCents: number;
}

export interface PaymentRow {
  id: number;
  orderId: number;
  method: PaymentMethod;
  amountCents: number;
  paidAt: number;
}

export interface SampleDataSet {
  stores: StoreRow[];
  products: ProductRow[];
  customers: CustomerRow[];
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  payments: PaymentRow[];
}

export type SampleTableName = keyof SampleDataSet;

export type ColumnKind = 'integer' | 'text' | 'money' | 'timestamp' | 'date';
export type CellValue = number | string | null;

export interface ColumnDefinition<Row> {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
  read: (row: Row) => CellValue;
}

export interface TableDefinition<Row> {
  name: string;
  columns: readonly ColumnDefinition<Row>[];
  /** Foreign keys are documented, not declared: DuckDB checks them row by row and slows the load down. */
  references: readonly string[];
}

function column<Row>(
  name: string,
  kind: ColumnKind,
  read: (row: Row) => CellValue,
  nullable = false,
): ColumnDefinition<Row> {
  return { name, kind, nullable, read };
}

export const sampleTables: { [Name in SampleTableName]: TableDefinition<SampleDataSet[Name][number]> } = {
  stores: {
    name: 'stores',
    references: [],
    columns: [
      column<StoreRow>('id', 'integer', (row) => row.id),
      column<StoreRow>('name', 'text', (row) => row.name),
      column<StoreRow>('city', 'text', (row) => row.city),
      column<StoreRow>('country', 'text', (row) => row.country),
      column<StoreRow>('opened_at', 'date', (row) => row.openedAt),
    ],
  },
  products: {
    name: 'products',
    references: [],
    columns: [
      column<ProductRow>('id', 'integer', (row) => row.id),
      column<ProductRow>('name', 'text', (row) => row.name),
      column<ProductRow>('category', 'text', (row) => row.category),
      column<ProductRow>('brand', 'text', (row) => row.brand),
      column<ProductRow>('price', 'money', (row) => row.priceCents),
      column<ProductRow>('cost', 'money', (row) => row.costCents),
    ],
  },
  customers: {
    name: 'customers',
    references: [],
    columns: [
      column<CustomerRow>('id', 'integer', (row) => row.id),
      column<CustomerRow>('first_name', 'text', (row) => row.firstName),
      column<CustomerRow>('last_name', 'text', (row) => row.lastName),
      column<CustomerRow>('email', 'text', (row) => row.email, true),
      column<CustomerRow>('city', 'text', (row) => row.city, true),
      column<CustomerRow>('country', 'text', (row) => row.country),
      column<CustomerRow>('signed_up_at', 'timestamp', (row) => row.signedUpAt),
      column<CustomerRow>('segment', 'text', (row) => row.segment),
    ],
  },
  orders: {
    name: 'orders',
    references: ['customer_id → customers.id', 'store_id → stores.id'],
    columns: [
      column<OrderRow>('id', 'integer', (row) => row.id),
      column<OrderRow>('customer_id', 'integer', (row) => row.customerId),
      column<OrderRow>('store_id', 'integer', (row) => row.storeId, true),
      column<OrderRow>('status', 'text', (row) => row.status),
      column<OrderRow>('channel', 'text', (row) => row.channel),
      column<OrderRow>('ordered_at', 'timestamp', (row) => row.orderedAt),
      column<OrderRow>('shipped_at', 'timestamp', (row) => row.shippedAt, true),
    ],
  },
  orderItems: {
    name: 'order_items',
    references: ['order_id → orders.id', 'product_id → products.id'],
    columns: [
      column<OrderItemRow>('id', 'integer', (row) => row.id),
      column<OrderItemRow>('order_id', 'integer', (row) => row.orderId),
      column<OrderItemRow>('product_id', 'integer', (row) => row.productId),
      column<OrderItemRow>('quantity', 'integer', (row) => row.quantity),
      column<OrderItemRow>('unit_price', 'money', (row) => row.unitPriceCents),
      column<OrderItemRow>('discount', 'money', (row) => row.discountCents),
    ],
  },
  payments: {
    name: 'payments',
    references: ['order_id → orders.id'],
    columns: [
      column<PaymentRow>('id', 'integer', (row) => row.id),
      column<PaymentRow>('order_id', 'integer', (row) => row.orderId),
      column<PaymentRow>('method', 'text', (row) => row.method),
      column<PaymentRow>('amount', 'money', (row) => row.amountCents),
      column<PaymentRow>('paid_at', 'timestamp', (row) => row.paidAt),
    ],
  },
};

/** Load order: referenced tables first, so a reader of a half-loaded file never sees dangling ids. */
export const sampleTableOrder: readonly SampleTableName[] = [
  'stores',
  'products',
  'customers',
  'orders',
  'orderItems',
  'payments',
];

import type { DemoModelFile } from './demo-model-file.js';

const customersCube = `cubes:
  - name: customers
    sql_table: customers
    title: Customers
    description: People and businesses who signed up; some walk-in store customers never gave an email.
    meta:
      synonyms: [clients, buyers, shoppers, consumers, accounts]
    joins:
      - name: orders
        relationship: one_to_many
        sql: "{CUBE}.id = {orders.customer_id}"
    measures:
      - name: count
        title: Customers
        description: Number of customers who signed up.
        type: count
        drill_members: [id, full_name, city, country, segment]
        meta:
          synonyms: [number of customers, customer count, client count, number of clients]
      - name: with_email_count
        title: Customers with an email
        type: count
        filters:
          - sql: "{CUBE}.email IS NOT NULL"
        meta:
          synonyms: [reachable customers, contactable customers]
    dimensions:
      - name: id
        title: Customer id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
        public: true
        format: id
        meta:
          synonyms: [customer number, client id]
      - name: full_name
        title: Customer name
        sql: "{CUBE}.first_name || ' ' || {CUBE}.last_name"
        type: string
        meta:
          synonyms: [name, client name, buyer]
      - name: first_name
        title: First name
        sql: "{CUBE}.first_name"
        type: string
      - name: last_name
        title: Last name
        sql: "{CUBE}.last_name"
        type: string
        meta:
          synonyms: [surname, family name]
      - name: email
        title: Email
        sql: "{CUBE}.email"
        type: string
        meta:
          synonyms: [email address, e-mail]
      - name: city
        title: Customer city
        description: Empty when the customer gave no address.
        sql: "{CUBE}.city"
        type: string
        meta:
          synonyms: [town, location]
      - name: country
        title: Customer country
        sql: "{CUBE}.country"
        type: string
        meta:
          synonyms: [nation, market, region]
      - name: segment
        title: Customer segment
        description: consumer, small_business or corporate.
        sql: "{CUBE}.segment"
        type: string
        meta:
          synonyms: [customer type, customer group, tier, customer class]
      - name: signed_up_at
        title: Sign-up date
        sql: "{CUBE}.signed_up_at"
        type: time
        meta:
          synonyms: [registration date, joined, signup date, customer since]
    segments:
      - name: business
        title: Business customers
        description: Small businesses and corporate customers.
        sql: "{CUBE}.segment IN ('small_business', 'corporate')"
        meta:
          synonyms: [B2B, companies]
`;

const productsCube = `cubes:
  - name: products
    sql_table: products
    title: Products
    description: The catalogue, with the list price and the unit cost of every product.
    meta:
      synonyms: [items, articles, SKUs, catalogue, merchandise, goods]
    measures:
      - name: count
        title: Products
        type: count
        meta:
          synonyms: [number of products, product count, SKU count]
      - name: average_price
        title: Average list price
        type: avg
        sql: "{CUBE}.price"
        format: currency
        meta:
          synonyms: [average price, mean price]
      - name: average_margin
        title: Average unit margin
        description: List price less unit cost, averaged over products.
        type: avg
        sql: "{CUBE}.price - {CUBE}.cost"
        format: currency
        meta:
          synonyms: [average markup, average profit per unit]
    dimensions:
      - name: id
        title: Product id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
        format: id
      - name: name
        title: Product name
        sql: "{CUBE}.name"
        type: string
        meta:
          synonyms: [product, item name, article]
      - name: category
        title: Product category
        sql: "{CUBE}.category"
        type: string
        meta:
          synonyms: [category, department, product type, product line]
      - name: brand
        title: Brand
        sql: "{CUBE}.brand"
        type: string
        meta:
          synonyms: [make, label, manufacturer, vendor]
      - name: price
        title: List price
        sql: "{CUBE}.price"
        type: number
        format: currency
        meta:
          synonyms: [price, retail price]
      - name: cost
        title: Unit cost
        sql: "{CUBE}.cost"
        type: number
        format: currency
        meta:
          synonyms: [cost price, purchase price]
      - name: margin
        title: Unit margin
        description: List price less unit cost.
        sql: "{CUBE}.price - {CUBE}.cost"
        type: number
        format: currency
        meta:
          synonyms: [markup, profit per unit]
`;

const storesCube = `cubes:
  - name: stores
    sql_table: stores
    title: Stores
    description: The physical shops; web and app orders have no store.
    meta:
      synonyms: [shops, branches, outlets, locations, retail stores]
    measures:
      - name: count
        title: Stores
        type: count
        meta:
          synonyms: [number of stores, store count, number of shops]
    dimensions:
      - name: id
        title: Store id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
        format: id
      - name: name
        title: Store name
        sql: "{CUBE}.name"
        type: string
        meta:
          synonyms: [store, shop, branch]
      - name: city
        title: Store city
        sql: "{CUBE}.city"
        type: string
        meta:
          synonyms: [store town, store location]
      - name: country
        title: Store country
        sql: "{CUBE}.country"
        type: string
      - name: opened_at
        title: Opening date
        sql: "{CUBE}.opened_at"
        type: time
        meta:
          synonyms: [opened, opening day]
`;

/** The dimension cubes of the demo model: who buys, what is sold, and where. */
export const demoReferenceCubeFiles: readonly DemoModelFile[] = [
  { path: 'model/cubes/customers.yml', text: customersCube },
  { path: 'model/cubes/products.yml', text: productsCube },
  { path: 'model/cubes/stores.yml', text: storesCube },
];

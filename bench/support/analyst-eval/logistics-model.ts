import type { ModelFile } from '@platform/semantic';

/**
 * A freight forwarder's model, written as its data team would: shipments booked with carriers, leaving
 * depots for customers across Europe, and a view of carrier performance.
 */
const shipmentsCube = `cubes:
  - name: shipments
    sql_table: shipments
    title: Shipments
    description: One row per consignment sent from one of our depots to a customer.
    meta:
      synonyms: [consignments, deliveries, freight, loads]
    joins:
      - name: carriers
        relationship: many_to_one
        sql: "{CUBE}.carrier_id = {carriers.id}"
      - name: depots
        relationship: many_to_one
        sql: "{CUBE}.depot_id = {depots.id}"
      - name: customers
        relationship: many_to_one
        sql: "{CUBE}.customer_id = {customers.id}"
    measures:
      - name: count
        title: Shipments
        description: Number of shipments, whatever their status.
        type: count
        meta:
          synonyms: [number of shipments, shipment count, consignments]
      - name: delivered_count
        title: Delivered shipments
        type: count
        filters:
          - sql: "{CUBE}.status = 'Delivered'"
      - name: total_weight
        title: Total weight (kg)
        type: sum
        sql: "{CUBE}.weight_kg"
        meta:
          synonyms: [weight, tonnage, kilograms shipped]
      - name: total_parcels
        title: Parcels
        description: Number of parcels in the shipments.
        type: sum
        sql: "{CUBE}.parcels"
        meta:
          synonyms: [packages, boxes, pieces]
      - name: freight_cost
        title: Freight cost
        description: What the carriers charged us, in euros.
        type: sum
        sql: "{CUBE}.freight_cost"
        format: currency
        meta:
          synonyms: [shipping cost, transport cost, carrier cost, spend]
      - name: average_freight_cost
        title: Average freight cost
        type: avg
        sql: "{CUBE}.freight_cost"
        format: currency
        meta:
          synonyms: [average shipping cost, cost per shipment]
      - name: average_transit_days
        title: Average transit time (days)
        description: Days from leaving the depot to delivery, for delivered shipments.
        type: avg
        sql: "date_diff('hour', {CUBE}.shipped_at, {CUBE}.delivered_at) / 24.0"
        meta:
          synonyms: [transit time, delivery time, lead time]
      - name: customers_count
        title: Customers served
        type: count_distinct
        sql: "{CUBE}.customer_id"
        meta:
          synonyms: [distinct customers, unique customers]
    dimensions:
      - name: id
        title: Shipment id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: tracking_number
        title: Tracking number
        sql: "{CUBE}.tracking_number"
        type: string
      - name: status
        title: Shipment status
        description: Delivered, In transit, Held at customs, Returned or Lost.
        sql: "{CUBE}.status"
        type: string
        meta:
          synonyms: [state, delivery status]
      - name: service_level
        title: Service level
        description: Express, Standard or Economy.
        sql: "{CUBE}.service_level"
        type: string
        meta:
          synonyms: [service, speed, shipping option]
      - name: shipped_at
        title: Ship date
        description: When the shipment left the depot (UTC).
        sql: "{CUBE}.shipped_at"
        type: time
        meta:
          synonyms: [shipping date, dispatch date, date]
      - name: delivered_at
        title: Delivery date
        description: When the customer received it; empty until delivered.
        sql: "{CUBE}.delivered_at"
        type: time
        meta:
          synonyms: [arrival date, delivered on]
`;

const carriersCube = `cubes:
  - name: carriers
    sql_table: carriers
    title: Carriers
    description: The transport companies we book.
    meta:
      synonyms: [hauliers, transporters, shipping partners]
    measures:
      - name: count
        title: Carriers
        type: count
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: name
        title: Carrier name
        sql: "{CUBE}.name"
        type: string
        meta:
          synonyms: [carrier, haulier]
      - name: transport_mode
        title: Transport mode
        description: Road, Air, Sea or Rail.
        sql: "{CUBE}.transport_mode"
        type: string
        meta:
          synonyms: [mode, mode of transport]
      - name: country
        title: Carrier country
        sql: "{CUBE}.country"
        type: string
`;

const depotsCube = `cubes:
  - name: depots
    sql_table: depots
    title: Depots
    description: Our warehouses, where shipments leave from.
    meta:
      synonyms: [warehouses, hubs, origins]
    measures:
      - name: count
        title: Depots
        type: count
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: name
        title: Depot name
        sql: "{CUBE}.name"
        type: string
        meta:
          synonyms: [depot, warehouse, hub]
      - name: city
        title: Depot city
        sql: "{CUBE}.city"
        type: string
        meta:
          synonyms: [origin city]
      - name: country
        title: Depot country
        sql: "{CUBE}.country"
        type: string
        meta:
          synonyms: [origin country]
`;

const customersCube = `cubes:
  - name: customers
    sql_table: customers
    title: Customers
    description: The businesses we deliver to; the industry is unknown for some.
    meta:
      synonyms: [consignees, recipients, clients]
    joins:
      - name: shipments
        relationship: one_to_many
        sql: "{CUBE}.id = {shipments.customer_id}"
    measures:
      - name: count
        title: Customers
        type: count
        meta:
          synonyms: [number of customers, customer count]
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: name
        title: Customer name
        sql: "{CUBE}.name"
        type: string
        meta:
          synonyms: [customer, consignee, client]
      - name: city
        title: Destination city
        sql: "{CUBE}.city"
        type: string
        meta:
          synonyms: [customer city, destination]
      - name: country
        title: Destination country
        sql: "{CUBE}.country"
        type: string
        meta:
          synonyms: [customer country]
      - name: industry
        title: Industry
        description: The customer's sector; empty when unknown.
        sql: "{CUBE}.industry"
        type: string
        meta:
          synonyms: [sector, vertical]
      - name: created_at
        title: Customer since
        sql: "{CUBE}.created_at"
        type: time
`;

const carrierPerformanceView = `views:
  - name: carrier_performance
    title: Carrier performance
    description: Shipments with the carrier that moved them; the place for questions about carriers.
    cubes:
      - join_path: shipments
        includes:
          - count
          - delivered_count
          - freight_cost
          - average_freight_cost
          - average_transit_days
          - total_weight
          - status
          - service_level
          - shipped_at
      - join_path: shipments.carriers
        prefix: true
        alias: carrier
        includes: [name, transport_mode]
`;

export const logisticsModelFiles: readonly ModelFile[] = [
  { fileName: 'model/cubes/shipments.yml', content: shipmentsCube },
  { fileName: 'model/cubes/carriers.yml', content: carriersCube },
  { fileName: 'model/cubes/depots.yml', content: depotsCube },
  { fileName: 'model/cubes/customers.yml', content: customersCube },
  { fileName: 'model/views/carrier_performance.yml', content: carrierPerformanceView },
];

import { type CompiledModel, compileDataModel, compileModelFiles } from '@platform/semantic';

/**
 * A CRM model over the fan-out seed tables: accounts have many deals and users, users and deals meet
 * through user_deals, addresses belong to users and point at countries. `tablePrefix` is the schema
 * (with its dot) the tables live in, empty for DuckDB's main schema.
 */
function modelYaml(tablePrefix: string): string {
  return `cubes:
  - name: accounts
    sql_table: ${tablePrefix}accounts
    joins:
      - name: deals
        relationship: has_many
        sql: "{CUBE}.account_id = {deals}.account_id"
      - name: users
        relationship: one_to_many
        sql: "{CUBE}.account_id = {users}.account_id"
    measures:
      - name: count
        type: count
      - name: enterprise_count
        type: count
        filters:
          - sql: "{CUBE}.segment = 'Enterprise'"
    dimensions:
      - name: account_id
        sql: account_id
        type: string
        primary_key: true
      - name: name
        sql: account_name
        type: string
      - name: industry
        sql: industry
        type: string
      - name: segment
        sql: segment
        type: string
      - name: size_band
        type: string
        case:
          when:
            - sql: "{CUBE}.segment = 'Enterprise'"
              label: large
            - sql: "{CUBE}.segment = 'Midmarket'"
              label: medium
          else:
            label: small
    segments:
      - name: enterprise
        sql: "{CUBE}.segment = 'Enterprise'"

  - name: deals
    sql_table: ${tablePrefix}deals
    joins:
      - name: accounts
        relationship: many_to_one
        sql: "{CUBE}.account_id = {accounts.account_id}"
    measures:
      - name: count
        type: count
      - name: total_amount
        type: sum
        sql: amount
      - name: average_amount
        type: avg
        sql: amount
      - name: largest_amount
        type: max
        sql: amount
      - name: smallest_amount
        type: min
        sql: amount
      - name: won_count
        type: count
        filters:
          - sql: "{stage} = 'Won'"
      - name: won_amount
        type: sum
        sql: amount
        filters:
          - sql: "{CUBE}.stage = 'Won'"
      - name: win_rate
        type: number
        sql: "1.0 * {won_count} / NULLIF({count}, 0)"
      - name: distinct_accounts
        type: count_distinct
        sql: account_id
      - name: approximate_accounts
        type: count_distinct_approx
        sql: account_id
      - name: amount_per_account
        type: number
        sql: "1.0 * {total_amount} / NULLIF({accounts.count}, 0)"
    dimensions:
      - name: deal_id
        sql: deal_id
        type: string
        primary_key: true
      - name: stage
        sql: stage
        type: string
      - name: plan
        sql: "{CUBE}.plan"
        type: string
      - name: seats
        sql: seats
        type: number
      - name: amount
        sql: amount
        type: number
      - name: is_large
        sql: "{amount} >= 3000"
        type: boolean
      - name: account_industry
        sql: "{accounts.industry}"
        type: string
      - name: created_at
        sql: created_date
        type: time
        granularities:
          - name: fiscal_year
            interval: 1 year
            offset: 3 months
          - name: fortnight
            interval: 2 weeks
            origin: "2023-01-02"
          - name: half_year
            interval: 6 months
          - name: six_hours
            interval: 6 hours
    segments:
      - name: won
        sql: "{CUBE}.stage = 'Won'"

  - name: users
    sql_table: ${tablePrefix}users
    joins:
      - name: accounts
        relationship: belongs_to
        sql: "{CUBE}.account_id = {accounts.account_id}"
    measures:
      - name: count
        type: count
    dimensions:
      - name: user_id
        sql: user_id
        type: string
        primary_key: true
      - name: job_title
        sql: job_title
        type: string
      - name: is_marketing_opted_in
        sql: "{CUBE}.is_marketing_opted_in = 1"
        type: boolean
      - name: created_at
        sql: created_at
        type: time

  - name: user_deals
    sql_table: ${tablePrefix}user_deals
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.user_id}"
      - name: deals
        relationship: many_to_one
        sql: "{CUBE}.deal_id = {deals.deal_id}"
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: "{CUBE}.user_id || '/' || {CUBE}.deal_id"
        type: string
        primary_key: true
      - name: role
        sql: role
        type: string

  - name: addresses
    sql_table: ${tablePrefix}addresses
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.user_id}"
      - name: countries
        relationship: many_to_one
        sql: "{CUBE}.country_iso_code = {countries.iso_code}"
    measures:
      - name: count
        type: count
    dimensions:
      - name: address_id
        sql: address_id
        type: string
        primary_key: true
      - name: city
        sql: city
        type: string

  - name: countries
    sql_table: ${tablePrefix}countries
    measures:
      - name: count
        type: count
    dimensions:
      - name: iso_code
        sql: iso_code
        type: string
        primary_key: true
      - name: name
        sql: country_name
        type: string

  - name: sales_targets
    sql_table: ${tablePrefix}sales_targets
    joins:
      - name: accounts
        relationship: many_to_one
        sql: "{CUBE}.target_type = 'industry' AND {CUBE}.target_value = {accounts.industry}"
    measures:
      - name: target_amount
        type: sum
        sql: target_amount
    dimensions:
      - name: target_type
        sql: target_type
        type: string
      - name: quarter_start
        sql: quarter_start_date
        type: time

  - name: calendar
    sql: SELECT DISTINCT CAST(created_date AS DATE) AS day FROM ${tablePrefix}deals
    dimensions:
      - name: day
        sql: day
        type: time
        primary_key: true

views:
  - name: pipeline
    cubes:
      - join_path: deals
        includes: [count, total_amount, stage, created_at]
      - join_path: deals.accounts
        prefix: true
        alias: customer
        includes:
          - industry
          - name: count
            alias: accounts
      - join_path: deals.accounts.users
        prefix: true
        includes: [count, job_title]
  - name: deal_team
    cubes:
      - join_path: deals
        includes: [count, total_amount, stage]
      - join_path: deals.user_deals
        includes: [role]
      - join_path: deals.user_deals.users
        prefix: true
        includes: [count, job_title]
  - name: customers
    cubes:
      - join_path: accounts
        includes: [industry, count]
`;
}

export function fanoutModel(tablePrefix: string): CompiledModel {
  const result = compileModelFiles([{ fileName: 'model/crm.yml', content: modelYaml(tablePrefix) }]);
  if (result.errors.length > 0) {
    throw new Error(`the test model does not compile: ${JSON.stringify(result.errors)}`);
  }
  return compileDataModel(result.model);
}

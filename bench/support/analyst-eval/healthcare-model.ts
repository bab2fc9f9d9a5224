import type { ModelFile } from '@platform/semantic';

/**
 * An outpatient clinic group's model, written as its data team would: patients' visits to doctors of
 * departments, the prescriptions written at visits, and a view of clinic activity.
 */
const visitsCube = `cubes:
  - name: visits
    sql_table: visits
    title: Visits
    description: One row per booked appointment, whether it took place, was cancelled or missed.
    meta:
      synonyms: [appointments, consultations, encounters]
    joins:
      - name: patients
        relationship: many_to_one
        sql: "{CUBE}.patient_id = {patients.id}"
      - name: doctors
        relationship: many_to_one
        sql: "{CUBE}.doctor_id = {doctors.id}"
      - name: prescriptions
        relationship: one_to_many
        sql: "{CUBE}.id = {prescriptions.visit_id}"
    measures:
      - name: count
        title: Visits
        description: Number of booked visits, whatever their status.
        type: count
        meta:
          synonyms: [number of visits, appointments, visit count]
      - name: completed_count
        title: Completed visits
        type: count
        filters:
          - sql: "{CUBE}.status = 'completed'"
        meta:
          synonyms: [visits that took place, attended visits]
      - name: no_show_count
        title: No-shows
        description: Visits the patient missed without cancelling.
        type: count
        filters:
          - sql: "{CUBE}.status = 'no_show'"
        meta:
          synonyms: [missed appointments]
      - name: total_fees
        title: Billed fees
        description: Fees billed for completed visits, in dollars.
        type: sum
        sql: "{CUBE}.fee"
        format: currency
        meta:
          synonyms: [fees, billing, charges, revenue]
      - name: average_fee
        title: Average fee
        type: avg
        sql: "{CUBE}.fee"
        format: currency
      - name: average_duration
        title: Average visit length (minutes)
        type: avg
        sql: "{CUBE}.duration_minutes"
        meta:
          synonyms: [visit duration, length of visit, time with the doctor]
      - name: patients_count
        title: Patients seen
        type: count_distinct
        sql: "{CUBE}.patient_id"
        meta:
          synonyms: [distinct patients, unique patients]
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: visit_type
        title: Visit type
        description: checkup, consultation, emergency or telehealth.
        sql: "{CUBE}.visit_type"
        type: string
        meta:
          synonyms: [type of visit, appointment type]
      - name: status
        title: Visit status
        description: completed, cancelled or no_show.
        sql: "{CUBE}.status"
        type: string
      - name: scheduled_at
        title: Visit date
        description: When the appointment was booked for.
        sql: "{CUBE}.scheduled_at"
        type: time
        meta:
          synonyms: [appointment date, date]
`;

const patientsCube = `cubes:
  - name: patients
    sql_table: patients
    title: Patients
    description: Everyone registered with the clinics; uninsured patients have no insurer.
    joins:
      - name: visits
        relationship: one_to_many
        sql: "{CUBE}.id = {visits.patient_id}"
    measures:
      - name: count
        title: Patients
        type: count
        meta:
          synonyms: [number of patients, patient count]
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: full_name
        title: Patient name
        sql: "{CUBE}.full_name"
        type: string
        meta:
          synonyms: [patient]
      - name: sex
        title: Sex
        description: female or male.
        sql: "{CUBE}.sex"
        type: string
        meta:
          synonyms: [gender]
      - name: city
        title: Patient city
        sql: "{CUBE}.city"
        type: string
        meta:
          synonyms: [home town, residence]
      - name: insurer
        title: Insurer
        description: The patient's health insurer; empty for uninsured patients.
        sql: "{CUBE}.insurer"
        type: string
        meta:
          synonyms: [insurance, health plan, payer]
      - name: registered_at
        title: Registration date
        sql: "{CUBE}.registered_at"
        type: time
        meta:
          synonyms: [registered, signed up]
`;

const doctorsCube = `cubes:
  - name: doctors
    sql_table: doctors
    title: Doctors
    description: Physicians, each working in one department.
    meta:
      synonyms: [physicians, clinicians, providers]
    joins:
      - name: departments
        relationship: many_to_one
        sql: "{CUBE}.department_id = {departments.id}"
    measures:
      - name: count
        title: Doctors
        type: count
        meta:
          synonyms: [number of doctors, headcount]
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: full_name
        title: Doctor name
        sql: "{CUBE}.full_name"
        type: string
        meta:
          synonyms: [doctor, physician]
      - name: hired_at
        title: Hire date
        sql: "{CUBE}.hired_at"
        type: time
`;

const departmentsCube = `cubes:
  - name: departments
    sql_table: departments
    title: Departments
    description: Medical departments and the campus they are on.
    meta:
      synonyms: [specialties, units, wards]
    measures:
      - name: count
        title: Departments
        type: count
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: name
        title: Department
        sql: "{CUBE}.name"
        type: string
        meta:
          synonyms: [department name, specialty]
      - name: campus
        title: Campus
        description: Main Campus or North Clinic.
        sql: "{CUBE}.campus"
        type: string
        meta:
          synonyms: [site, location]
`;

const prescriptionsCube = `cubes:
  - name: prescriptions
    sql_table: prescriptions
    title: Prescriptions
    description: Medications prescribed at a visit; compounded preparations have no drug class.
    meta:
      synonyms: [scripts, medications prescribed, Rx]
    joins:
      - name: visits
        relationship: many_to_one
        sql: "{CUBE}.visit_id = {visits.id}"
    measures:
      - name: count
        title: Prescriptions
        type: count
        meta:
          synonyms: [number of prescriptions, scripts written]
      - name: total_cost
        title: Prescription cost
        description: What the prescribed medication cost, in dollars.
        type: sum
        sql: "{CUBE}.cost"
        format: currency
        meta:
          synonyms: [drug cost, medication cost, drug spend]
      - name: average_cost
        title: Average prescription cost
        type: avg
        sql: "{CUBE}.cost"
        format: currency
      - name: total_quantity
        title: Units prescribed
        type: sum
        sql: "{CUBE}.quantity"
        meta:
          synonyms: [doses, pills, quantity]
    dimensions:
      - name: id
        sql: "{CUBE}.id"
        type: number
        primary_key: true
      - name: medication
        title: Medication
        sql: "{CUBE}.medication"
        type: string
        meta:
          synonyms: [drug, medicine]
      - name: drug_class
        title: Drug class
        description: The therapeutic class; empty for compounded preparations.
        sql: "{CUBE}.drug_class"
        type: string
        meta:
          synonyms: [class, therapeutic class]
      - name: prescribed_at
        title: Prescription date
        sql: "{CUBE}.prescribed_at"
        type: time
        meta:
          synonyms: [prescribed on]
`;

const clinicActivityView = `views:
  - name: clinic_activity
    title: Clinic activity
    description: Visits with their doctor and department; the place for questions about departments and doctors.
    cubes:
      - join_path: visits
        includes:
          - count
          - completed_count
          - no_show_count
          - total_fees
          - average_duration
          - patients_count
          - visit_type
          - status
          - scheduled_at
      - join_path: visits.doctors
        prefix: true
        alias: doctor
        includes: [full_name]
      - join_path: visits.doctors.departments
        prefix: true
        alias: department
        includes: [name, campus]
`;

export const healthcareModelFiles: readonly ModelFile[] = [
  { fileName: 'model/cubes/visits.yml', content: visitsCube },
  { fileName: 'model/cubes/patients.yml', content: patientsCube },
  { fileName: 'model/cubes/doctors.yml', content: doctorsCube },
  { fileName: 'model/cubes/departments.yml', content: departmentsCube },
  { fileName: 'model/cubes/prescriptions.yml', content: prescriptionsCube },
  { fileName: 'model/views/clinic_activity.yml', content: clinicActivityView },
];

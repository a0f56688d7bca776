/** The fleet area as other areas (and the composition root's metrics) see it. */
export { fleetGauges, type StoreGauges } from './gauges';
export { createReportKeeper, type ReportKeeper } from './reports';

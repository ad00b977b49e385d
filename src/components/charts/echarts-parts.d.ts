// ECharts' per-part entry points (`echarts/lib/chart/bar`, …) register themselves and export nothing.
declare module 'echarts/lib/*';

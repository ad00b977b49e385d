import { type BoardQuery, getData } from '@/services/boards';

export const EQUIPMENT_PATH = '/alarm/board/eq';

export interface EquipmentLoad {
  id: number;
  name: string;
  unit: string;
  equipmentType: string;
  annunciations: number;
  byCondition: Record<string, number>;
}

export interface EquipmentBoard {
  equipment: EquipmentLoad[];
  /** Annunciations per plant day of the most loaded equipment: cells[e][d]. */
  heatmap: { equipmentIds: number[]; days: string[]; cells: number[][] };
}

export interface EquipmentDetail {
  points: { tag: string; condition: string; description: string; priority: string; annunciations: number }[];
  events: { time: string; tag: string; condition: string; event: string; priority: string }[];
}

export const fetchEquipmentBoard = (query: BoardQuery) => getData<EquipmentBoard>(EQUIPMENT_PATH, query);

export const fetchEquipmentDetail = (equipmentId: number, query: BoardQuery) =>
  getData<EquipmentDetail>(`${EQUIPMENT_PATH}/points`, { equipmentId, from: query.from, to: query.to });

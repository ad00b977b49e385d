import { crudService } from '@/services/crud';

export interface SystemType {
  id: number;
  code: string;
  name: string;
  description: string;
  enabled: boolean;
  updatedAt: string;
}

export type SystemTypeBody = Pick<SystemType, 'code' | 'name' | 'description' | 'enabled'>;

export const systemTypeService = crudService<SystemType, SystemTypeBody>('/alarm/base/system');

/** 系统类型: the control systems alarm points live in (DCS, SIS, GDS…). */
import { PageContainer } from '@ant-design/pro-components';
import type { SystemType, SystemTypeBody } from '@contract/dictionaries';
import DictionaryTable from '@/components/DictionaryTable';
import {
  createSystemType,
  deleteSystemType,
  fetchSystemTypes,
  SYSTEM_TYPES_EXPORT_PATH,
  updateSystemType,
} from '@/services/dictionaries';

const systemTypes = {
  list: fetchSystemTypes,
  create: createSystemType,
  update: updateSystemType,
  remove: deleteSystemType,
  exportPath: SYSTEM_TYPES_EXPORT_PATH,
};

export default function SystemTypePage() {
  return (
    <PageContainer>
      <DictionaryTable<SystemType, SystemTypeBody>
        routePath="/alarm/base/system"
        noun="系统类型"
        service={systemTypes}
      />
    </PageContainer>
  );
}

/** 系统类型: the control systems alarm points live in (DCS, SIS, GDS…). */
import { PageContainer } from '@ant-design/pro-components';
import type { SystemType, SystemTypeBody } from '@contract/dictionaries';
import DictionaryTable, { type DictionaryService } from '@/components/DictionaryTable';
import { createSystemType, deleteSystemType, fetchSystemTypes, updateSystemType } from '@/services/dictionaries';

const systemTypes: DictionaryService<SystemType, SystemTypeBody> = {
  list: fetchSystemTypes,
  create: createSystemType,
  update: updateSystemType,
  remove: deleteSystemType,
  exportRoute: 'GET /alarm/base/system/export',
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

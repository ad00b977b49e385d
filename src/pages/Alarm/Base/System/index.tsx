/** 系统类型: the control systems alarm points live in (DCS, SIS, GDS…). */
import { PageContainer } from '@ant-design/pro-components';
import DictionaryTable from '@/components/DictionaryTable';
import { type SystemType, type SystemTypeBody, systemTypeService } from './service';

export default function SystemTypePage() {
  return (
    <PageContainer>
      <DictionaryTable<SystemType, SystemTypeBody>
        routePath="/alarm/base/system"
        noun="系统类型"
        service={systemTypeService}
      />
    </PageContainer>
  );
}

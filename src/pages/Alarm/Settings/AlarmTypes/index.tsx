/** 报警类型: the condition codes with their display colours, the priorities and the priority matrix beside them. */
import { PageContainer } from '@ant-design/pro-components';
import type { AlarmType, AlarmTypeBody } from '@contract/dictionaries';
import { useState } from 'react';
import { ColorFormItem, ColorSwatch, DEFAULT_COLOR } from '@/components/ColorField';
import DictionaryTable, { type DictionaryService } from '@/components/DictionaryTable';
import SortOrderField from '@/components/SortOrderField';
import { createAlarmType, deleteAlarmType, fetchAlarmTypes, updateAlarmType } from '@/services/dictionaries';
import PriorityMatrixView from './components/PriorityMatrixView';
import PriorityTable from './components/PriorityTable';

const alarmTypes: DictionaryService<AlarmType, AlarmTypeBody> = {
  list: fetchAlarmTypes,
  create: createAlarmType,
  update: updateAlarmType,
  remove: deleteAlarmType,
  exportRoute: 'GET /alarm/base/type/export',
};

export default function AlarmTypePage() {
  const [tab, setTab] = useState('types');
  return (
    <PageContainer
      tabActiveKey={tab}
      onTabChange={setTab}
      tabList={[
        { key: 'types', tab: '报警类型' },
        { key: 'priorities', tab: '优先级' },
        { key: 'matrix', tab: '优先级矩阵' },
      ]}
    >
      {tab === 'types' ? (
        <DictionaryTable<AlarmType, AlarmTypeBody>
          routePath="/alarm/base/type"
          noun="报警类型"
          service={alarmTypes}
          newDefaults={{ color: DEFAULT_COLOR, sortOrder: 0 }}
          extraColumns={[
            {
              title: '显示颜色',
              dataIndex: 'color',
              search: false,
              render: (_, row) => <ColorSwatch color={row.color} />,
            },
            { title: '排序', dataIndex: 'sortOrder', search: false, width: 80 },
          ]}
          extraFields={
            <>
              <ColorFormItem name="color" />
              <SortOrderField max={99999} />
            </>
          }
        />
      ) : tab === 'priorities' ? (
        <PriorityTable />
      ) : (
        <PriorityMatrixView />
      )}
    </PageContainer>
  );
}

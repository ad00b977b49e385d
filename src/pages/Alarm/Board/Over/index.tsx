import PageFrame from '@/components/PageFrame';

export default PageFrame;
